/**
 * An admin records the applicant's bank transfer as paid, with the reference on the bank statement
 * (machines/recordTransfer.machine.ts). Shown only where the review chart takes it; the amount is the option's.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { recordTransferMachine } from '../../machines/recordTransfer.machine';
import { TRANSFER_MESSAGES } from '../../machines/rules/staffRecord';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextField, useFieldState } from '../components/Fields';
import { Form } from '../components/Form';
import { useStaff } from './StaffContext';

export function RecordTransfer({
  id,
  amount,
  onRecorded,
}: {
  id: number;
  /** The amount the option charges, in words ("N51,000"). */
  amount: string;
  onRecorded: (notice: string) => void;
}) {
  const { api } = useStaff();
  const machine = useMemo(
    () =>
      recordTransferMachine.provide({
        actors: {
          record: fromPromise(async ({ input }: { input: { id: number; reference: string } }) => {
            const { label } = await api.recordTransfer(input.id, input.reference);
            return { label };
          }),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine, { input: { id } });
  const { errors, message } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const recorded = useSelector(actor, (s) => s.hasTag('recorded'));
  useEffect(() => {
    if (recorded) onRecorded(TRANSFER_MESSAGES.recorded);
  }, [recorded, onRecorded]);
  const reference = useFieldState('reference', errors);
  return (
    <Form onSubmit={() => actor.send({ type: 'RECORD', reference: reference.value })}>
      <h3>Record a bank transfer</h3>
      <ErrorSummary message={message} errors={errors} />
      <TextField
        {...reference}
        label="Transfer reference"
        hint={`From the bank statement, once ${amount} has arrived. The applicant gets a receipt by email.`}
        autoComplete="off"
      />
      <BusyButton type="submit" busy={busy} disabled={busy}>
        Record as paid
      </BusyButton>
    </Form>
  );
}
