/**
 * Decisions from a CSV (/staff/decisions-csv, admins): choose a file of `email,decision` rows, read the dry run
 * (what each decision would change and every refused row with its reason), then apply it. The emails leave as
 * for any decision, after the undo window.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BULK_EVENTS, type BulkEvent, type StaffCsvRow } from '../../machines/rules/staff';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { CohortPicker, useChosenCohort } from './CohortPicker';
import { queryString } from './api';
import { provideCsv } from './staffActors';
import { usePageHeading, useStaff } from './StaffContext';
import { Button } from '../components/Button';
import { TableHead } from './TableHead';

const PAST: Record<BulkEvent, string> = { ACCEPT: 'accepted', WAITLIST: 'waitlisted', REJECT: 'rejected' };

function Refused({ rows }: { rows: StaffCsvRow[] }) {
  if (rows.length === 0) return <p>No row is refused.</p>;
  return (
    <table className="staff-table">
      <caption>Rows that will not be applied ({rows.length})</caption>
      <TableHead columns={['Line', 'Email', 'Decision', 'Why not']} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.line}>
            <th scope="row">{r.line}</th>
            <td>{r.email}</td>
            <td>{r.decision}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CsvDecisionsScreen() {
  const { api, me } = useStaff();
  const cohort = useChosenCohort();
  const heading = usePageHeading<HTMLHeadingElement>('Decisions from a CSV file');
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
  const fileInput = useRef<HTMLInputElement>(null);
  const [noFile, setNoFile] = useState(false);
  const step = previewed ? 'previewed' : applied ? 'applied' : 'other';
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // A new step replaces the buttons that were pressed: focus goes to its heading, not to the page's top.
  useEffect(() => {
    if (step !== 'other') stepHeading.current?.focus();
  }, [step]);

  if (me.role !== 'admin') return <p>Only an admin can decide from a CSV file.</p>;

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    setNoFile(!file);
    if (!file) {
      fileInput.current?.focus();
      return;
    }
    actor.send({ type: 'PREVIEW', text: await file.text(), fileName: file.name, cohort });
  };
  const refused = result?.rows.filter((r) => r.outcome !== 'ok') ?? [];
  const counts = BULK_EVENTS.flatMap((e) => (result?.applied[e] ? [`${result.applied[e]} ${PAST[e]}`] : []));
  const applicable = result?.rows.filter((r) => r.outcome === 'ok').length ?? 0;

  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Decisions from a CSV file
      </h1>
      <ErrorSummary message={message} errors={{}} />
      {choosing && <CohortPicker />}
      {choosing && (
        <form onSubmit={preview} className="staff-csv" aria-describedby="csv-help">
          <p id="csv-help">
            One row per applicant: their email, then accept, waitlist or reject (a first row
            &quot;email,decision&quot; is skipped). Nothing changes until you have read the preview and
            applied it.
          </p>
          <div className="field">
            <label htmlFor="csv-file">CSV file</label>
            {noFile && (
              <p className="field-error" id="csv-file-error">
                Choose a CSV file to preview
              </p>
            )}
            <input
              id="csv-file"
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={noFile || undefined}
              aria-describedby={noFile ? 'csv-file-error' : undefined}
            />
          </div>
          <BusyButton type="submit" className="button" busy={busy}>
            Preview
          </BusyButton>
        </form>
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
          <Refused rows={refused} />
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
          <Refused rows={refused} />
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
