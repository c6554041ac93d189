/**
 * "Withdraw my application" on /apply/confirmation (docs/decisions/250-an-applicant-withdraws-their-application.md):
 * a quiet button, shown only where the server says the review chart lets the applicant withdraw, and a dialog that
 * says what happens before anything does. The screen renders the withdrawal machine and sends it events; once the
 * server has withdrawn it, the page shows the Withdrawn standing and its heading takes focus.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalMachine } from '../../machines/withdrawal.machine';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import { useApplication } from '../app/ApplicationProvider';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { AppDialog } from '../components/Dialog';
import { OfflineNotice } from '../components/OfflineNotice';

type WithdrawalActor = ActorRefFrom<typeof withdrawalMachine>;

/** The button and its dialog, for the application machine's current standing (nothing where it cannot withdraw). */
export function WithdrawApplication() {
  const actor = useApplication((s) => s.children.withdrawal as WithdrawalActor | undefined);
  const withdrawable = useApplication((s) => s.context.standing?.withdrawable === true);
  const cohort = useApplication((s) => s.context.standing?.cohort.name) || 'the next cohort';
  if (!actor || !withdrawable) return null;
  return <WithdrawControls actor={actor} cohort={cohort} />;
}

export function WithdrawControls({ actor, cohort }: { actor: WithdrawalActor; cohort: string }) {
  const state = useSelector(actor, (s) => s);
  const busy = state.hasTag('busy');
  const keep = () => actor.send({ type: 'KEEP' });
  return (
    <div className="withdraw-application">
      <Button look="link" onClick={() => actor.send({ type: 'OPEN' })}>
        {W.button}
      </Button>
      <AppDialog
        open={state.hasTag('dialog')}
        title={W.dialogTitle}
        role="alertdialog"
        description={W.dialogText(cohort)}
        onClose={busy ? undefined : keep}
        actions={
          <>
            {/* First, so it takes focus as the dialog opens: keeping is the safe answer to a press made by mistake. */}
            <Button look="secondary" onClick={keep} disabled={busy}>
              {W.keep}
            </Button>
            <BusyButton type="button" busy={busy} onClick={() => actor.send({ type: 'CONFIRM' })}>
              {W.confirm}
            </BusyButton>
          </>
        }
      >
        {state.context.error && (
          <div className="alert alert--error" role="alert">
            {state.context.error}
          </div>
        )}
        <OfflineNotice />
      </AppDialog>
    </div>
  );
}
