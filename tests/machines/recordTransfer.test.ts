/** Recording a bank transfer: an empty or too long reference is refused without a call; a refusal keeps the form. */
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { recordTransferMachine } from '../../machines/recordTransfer.machine';
import { TRANSFER_MESSAGES } from '../../machines/rules/staffRecord';

const start = (record: (input: { id: number; reference: string }) => Promise<{ label: string }>) => {
  const call = vi.fn(record);
  const actor = createActor(
    recordTransferMachine.provide({ actors: { record: fromPromise(({ input }) => call(input)) } }),
    { input: { id: 7 } },
  ).start();
  return { actor, call };
};

describe('recordTransfer machine', () => {
  it('refuses an empty or too long reference without a call, then records the trimmed one', async () => {
    const { actor, call } = start(() => Promise.resolve({ label: 'Paid' }));
    actor.send({ type: 'RECORD', reference: '   ' });
    expect(actor.getSnapshot().context.errors).toEqual({ reference: [TRANSFER_MESSAGES.referenceMissing] });
    actor.send({ type: 'RECORD', reference: 'x'.repeat(101) });
    expect(actor.getSnapshot().context.errors).toEqual({ reference: [TRANSFER_MESSAGES.referenceTooLong] });
    expect(call).not.toHaveBeenCalled();
    actor.send({ type: 'RECORD', reference: ' GTB-1 ' });
    await waitFor(actor, (s) => s.matches('recorded'));
    expect(call).toHaveBeenCalledWith({ id: 7, reference: 'GTB-1' });
  });

  it("a refusal is shown in the server's words and the form stays", async () => {
    const { actor } = start(() =>
      Promise.reject({
        message: TRANSFER_MESSAGES.referenceUsed,
        errors: { reference: [TRANSFER_MESSAGES.referenceUsed] },
      }),
    );
    actor.send({ type: 'RECORD', reference: 'GTB-USED' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.message !== undefined);
    expect(actor.getSnapshot().context).toMatchObject({
      message: TRANSFER_MESSAGES.referenceUsed,
      errors: { reference: [TRANSFER_MESSAGES.referenceUsed] },
    });
  });
});
