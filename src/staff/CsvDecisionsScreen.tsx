/**
 * Decisions from a CSV (/staff/decisions-csv, admins): choose a file of `email,decision` rows, read the dry run
 * (what each decision would change and every refused row with its reason), then apply it. The emails leave as
 * for any decision, after the undo window.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { csvOutcome } from '../../machines/rules/csvDecisions';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { CohortPicker, useChosenCohort } from './CohortPicker';
import { queryString } from './api';
import { provideCsv } from './staffActors';
import { useStaff } from './StaffContext';
import { PageTitle } from './PageTitle';
import { Button } from '../components/Button';
import { CsvFileForm } from './CsvFileForm';
import { CsvRefusedRows } from './CsvRefusedRows';

export function CsvDecisionsScreen() {
  const { api, me } = useStaff();
  const cohort = useChosenCohort();
  const actor = useActorRef(useMemo(() => provideCsv(api), [api]));
  const { result, message, fileName } = useSelector(
    actor,
    ({ context: c }) => ({ result: c.result, message: c.message, fileName: c.fileName }),
    shallowEqual,
  );
  const { busy, choosing, previewed, applied } = useSelector(
    actor,
    (s) => ({
      busy: s.hasTag('busy'),
      choosing: s.hasTag('choosing'),
      previewed: s.hasTag('previewed'),
      applied: s.hasTag('applied'),
    }),
    shallowEqual,
  );
  const step = previewed ? 'previewed' : applied ? 'applied' : 'other';
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // A new step replaces the buttons that were pressed: focus goes to its heading, not to the page's top.
  // In the commit, not after the paint: a key pressed in that frame starts from the new heading.
  useLayoutEffect(() => {
    if (step !== 'other') stepHeading.current?.focus();
  }, [step]);

  if (me.role !== 'admin') return <p>Only an admin can decide from a CSV file.</p>;

  const { refused, counts, applicable } = csvOutcome(result);

  return (
    <>
      <PageTitle title="Decisions from a CSV file" />
      <ErrorSummary message={message} errors={{}} />
      {choosing && <CohortPicker />}
      {choosing && (
        <CsvFileForm
          busy={busy}
          onPreview={async (file) =>
            actor.send({ type: 'PREVIEW', text: await file.text(), fileName: file.name, cohort })
          }
        />
      )}
      {result && previewed && (
        <section aria-labelledby="csv-preview">
          <h2 id="csv-preview" ref={stepHeading} tabIndex={-1}>
            Preview of {fileName} for {result.cohort.name}
          </h2>
          <p role="status">
            {applicable} of {result.rows.length} rows can be applied
            {counts.length ? `: ${counts.join(', ')}` : ''}. Each applicant is emailed after the undo window,
            as for any decision.
          </p>
          <CsvRefusedRows rows={refused} />
          <div className="actions">
            {applicable > 0 && (
              <BusyButton
                type="button"
                className="button"
                busy={busy}
                onClick={() => actor.send({ type: 'APPLY' })}
              >
                Apply {applicable} decisions
              </BusyButton>
            )}
            <Button look="secondary" disabled={busy} onClick={() => actor.send({ type: 'START_AGAIN' })}>
              Choose another file
            </Button>
          </div>
        </section>
      )}
      {result && applied && (
        <section aria-labelledby="csv-applied">
          <h2 id="csv-applied" ref={stepHeading} tabIndex={-1}>
            Applied to {result.cohort.name}
          </h2>
          <p role="status">
            {counts.length ? `Done: ${counts.join(', ')}.` : 'Nothing was changed.'} The emails leave after
            the undo window.
          </p>
          <CsvRefusedRows rows={refused} />
          <p>
            <Link to={{ pathname: '/staff', search: queryString({ cohort }) }}>Back to the applications</Link>
            {' · '}
            <Button look="link" onClick={() => actor.send({ type: 'START_AGAIN' })}>
              Decide from another file
            </Button>
          </p>
        </section>
      )}
    </>
  );
}
