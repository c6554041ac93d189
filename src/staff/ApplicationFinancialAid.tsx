/**
 * The applicant's financial-aid answers on their staff page, in words about them (machines/rules/staffRecord.ts),
 * and the aid decision (decision 238): an admin awards a share of the fee up to the cohort's ceiling, or declines;
 * like an accept, the decision is held for its undo window, then the applicant is emailed. A reviewer sees where it
 * stands, no control: the server refuses their decisions too.
 */
import { useState } from 'react';
import type { FinancialAidData } from '../../machines/rules/contract';
import { AID_MESSAGES as M } from '../../machines/rules/messages';
import type { StaffAidDecision } from '../../machines/rules/aidDecision';
import { FINANCIAL_AID_LABELS } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextField } from '../components/Fields';
import { Form } from '../components/Form';
import { Notice } from '../components/Notice';
import { useStaff, useStaffDates } from './StaffContext';
import { useResource } from './useResource';

const QUESTIONS = Object.entries(FINANCIAL_AID_LABELS) as [keyof FinancialAidData, string][];

type AidChange = { decision: 'award'; share: string } | { decision: 'decline' } | { decision: 'undo' };

export function ApplicationFinancialAid({ page }: { page: StaffApplicationPage }) {
  const aid = page.answers.financial_aid;
  return (
    <section className="staff-section" aria-labelledby="financial-aid-title">
      <h2 id="financial-aid-title">Financial aid</h2>
      {aid ? (
        <>
          <dl className="staff-answers">
            {QUESTIONS.map(([key, label]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{aid[key] || '—'}</dd>
              </div>
            ))}
          </dl>
          <AidDecision id={page.id} />
        </>
      ) : (
        <p>The applicant has not applied for financial aid.</p>
      )}
    </section>
  );
}

function AidDecision({ id }: { id: number }) {
  const { api, me } = useStaff();
  const { time } = useStaffDates();
  const { actor, view } = useResource<StaffAidDecision, AidChange>(
    () => api.aidDecision(id),
    async (change) => {
      const after = await api.decideAid(id, change);
      if (change.decision === 'undo') return M.undone;
      return after.decision === 'award' ? M.awarded(after.share) : M.declined;
    },
  );
  const [share, setShare] = useState('');
  const data = view.data;
  const admin = me.role === 'admin';
  const save = (request: AidChange) => actor.send({ type: 'SAVE', request });
  return (
    <div aria-labelledby="aid-decision-title" role="group">
      <h3 id="aid-decision-title">Aid decision</h3>
      <Notice>{view.notice}</Notice>
      <ErrorSummary message={view.message} errors={view.errors} />
      {data && (
        <p>
          {data.decision === null
            ? 'Not decided yet.'
            : data.decision === 'award'
              ? `Awarded ${data.share}% of the fee`
              : 'Declined'}
          {data.decision !== null &&
            (data.held_until
              ? `: held until ${time(data.held_until)}, then the applicant is emailed.`
              : ': the applicant has been told.')}{' '}
          This applicant may be awarded up to {data.ceiling}% of the fee; {data.awards_made} of the cohort’s{' '}
          {data.awards} awards are given.
        </p>
      )}
      {admin && data?.decision === null && (
        <Form onSubmit={() => save({ decision: 'award', share })}>
          <TextField
            name="share"
            label="Share of the fee to award (%)"
            hint={`A whole number from 1 to ${data.ceiling}.`}
            inputMode="numeric"
            value={share}
            onChange={setShare}
            errors={view.errors}
          />
          <div className="staff-cohort-actions">
            <BusyButton type="submit" busy={view.busy}>
              Award aid
            </BusyButton>
            <BusyButton
              type="button"
              className="button button--secondary"
              busy={view.busy}
              onClick={() => save({ decision: 'decline' })}
            >
              Decline aid
            </BusyButton>
          </div>
        </Form>
      )}
      {admin && data?.held_until && (
        <Button look="secondary" disabled={view.busy} onClick={() => save({ decision: 'undo' })}>
          Undo aid decision
        </Button>
      )}
    </div>
  );
}
