import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { paths } from '../../machines/rules/contract';
import { smtpMailer } from '../../server/mail/index';
import { SERVER_MESSAGES } from '../../server/messages';
import { applicant, databases, json, releaseDatabases, testApp } from './support';

afterAll(releaseDatabases);

describe('mail over real SMTP', () => {
  it('sends the code email, text and HTML, through an SMTP peer on loopback', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const t = await testApp(databases[0], {
      mailer: () => smtpMailer(`smtp://127.0.0.1:${port}`, 'The Employment Bootcamp <hello@bootcamp.test>'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant('smtp@example.com'),
    });
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    const raw = received[0];
    expect(raw).toMatch(/^To: smtp@example\.com/m);
    expect(raw).toMatch(/^From: The Employment Bootcamp <hello@bootcamp\.test>/m);
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toMatch(/\b\d{6}\b/);
    // With SMTP there is no outbox page.
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    expect(await t.mails()).toHaveLength(0);
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('stores nothing when the mail cannot be sent, so the applicant can try again', async () => {
    const t = await testApp(databases[0], {
      mailer: () => smtpMailer('smtp://127.0.0.1:1', 'x@bootcamp.test'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant('down@example.com'),
    });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ message: SERVER_MESSAGES.mailFailed });
    expect((await t.db.query('SELECT id FROM applications')).rows).toHaveLength(0);
    await t.close();
  });
});
