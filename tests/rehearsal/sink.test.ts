/**
 * The rehearsal's SMTP sink waits for an applicant's email as long as the outbox keeps delivering: a deep outbox in a
 * launch spike is slow, not stuck, so the walk goes on; only a sink that hears nothing fails the wait.
 */
import { afterEach, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { startSink, type Sink } from '../../rehearsal/sink';

let sink: Sink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

function sender(port: number) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return (to: string, subject: string) =>
    transport.sendMail({ from: 'outbox@test.example', to, subject, text: '.' });
}

describe('the sink', () => {
  it('keeps waiting for a code while other emails arrive, past the idle limit', async () => {
    sink = await startSink();
    const send = sender(sink.port);
    const started = Date.now();
    const idleMs = 1500;
    const code = sink.waitFor('ada@test.example', (s) => s.startsWith('Your code'), started, idleMs);
    // Others' emails, one at a time, each well inside the idle limit, for longer than the limit in all.
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 300));
      await send(`other${i}@test.example`, 'Your application');
    }
    expect(Date.now() - started).toBeGreaterThan(idleMs);
    await send('ada@test.example', 'Your code is 123456');
    await expect(code).resolves.toMatchObject({ to: 'ada@test.example', subject: 'Your code is 123456' });
  });

  it('gives up once nothing at all has arrived for the idle limit', async () => {
    sink = await startSink();
    const send = sender(sink.port);
    const code = sink.waitFor('ada@test.example', () => true, Date.now(), 300);
    await expect(code).rejects.toThrow('no email to ada@test.example, and none to anyone for 300 ms');
    await send('ada@test.example', 'Your code is 123456');
    expect(sink.messages).toHaveLength(1);
  });
});
