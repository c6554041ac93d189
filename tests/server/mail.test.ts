/**
 * The outbox is a queue (server/mail/worker.ts): every email is a row written with the write that causes it, and
 * workers deliver the rows through a real SMTP peer on loopback. While the mail server refuses, writes still
 * succeed and mail waits; once it accepts, every email arrives exactly once, even with two workers (two processes).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { paths } from '../../machines/rules/contract';
import { outboxMailer, readOutbox, smtpDelivery } from '../../server/mail/index';
import { mailWorker, SEND_AT_ONCE, type MailWorker } from '../../server/mail/worker';
import { applicant, databases, testApp, type TestApp } from './support';

interface Peer {
  port: number;
  received: string[];
  refused: number;
  accepting: boolean;
  /** How long the peer takes over each message (a slow mail server), and the most it ever held at once. */
  holdMs: number;
  mostAtOnce: number;
  close(): Promise<void>;
}

/** An SMTP server on loopback that refuses every connection until `accepting` is set. */
async function smtpPeer(): Promise<Peer> {
  const peer = { received: [] as string[], refused: 0, accepting: false, holdMs: 0, mostAtOnce: 0 };
  let atOnce = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, done) {
      if (peer.accepting) return done();
      peer.refused += 1;
      done(Object.assign(new Error('Service not available, try later'), { responseCode: 421 }));
    },
    onData(stream, _session, done) {
      let raw = '';
      atOnce += 1;
      peer.mostAtOnce = Math.max(peer.mostAtOnce, atOnce);
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () =>
        setTimeout(() => {
          atOnce -= 1;
          peer.received.push(raw);
          done();
        }, peer.holdMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(peer, {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const undelivered = async (t: TestApp) =>
  Number(
    (await t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL'))
      .rows[0].n,
  );

describe.each(databases)('the outbox queue on $name', (database) => {
  let t: TestApp | undefined;
  let peer: Peer | undefined;
  const workers: MailWorker[] = [];

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await t?.close();
    await peer?.close();
    t = peer = undefined;
  });

  it('keeps the mail while SMTP refuses, then delivers every email exactly once through two workers', async () => {
    const smtp = (peer = await smtpPeer());
    const app = (t = await testApp(database, { mailer: (db) => outboxMailer(db, undefined, 'smtp') }));
    // Two processes' workers on one database, polling fast and retrying after 50 ms, 100 ms, …
    for (let i = 0; i < 2; i++) {
      const w = mailWorker({
        db: app.db,
        deliver: smtpDelivery(
          `smtp://127.0.0.1:${smtp.port}`,
          'The Employment Bootcamp <hello@bootcamp.test>',
        ),
        domain: 'bootcamp.test',
        pollMs: 30,
        retryMs: 50,
      });
      workers.push(w);
      w.start();
    }
    const emails = Array.from({ length: 6 }, (_, i) => `queued${i}@example.com`);
    for (const email of emails) {
      // Acknowledged although the mail server is down: the code email waits in the outbox.
      const res = await app.app.inject({ method: 'POST', url: paths.create, payload: applicant(email) });
      expect(res.statusCode).toBe(201);
    }
    // Every email has been tried at least once, and nothing got through: the mail server refused them all.
    const fewestAttempts = async () =>
      Number((await app.db.query<{ n: number | null }>('SELECT min(attempts) AS n FROM outbox')).rows[0].n);
    await expect.poll(fewestAttempts, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => smtp.refused, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    expect(smtp.received).toHaveLength(0);
    expect(await undelivered(app)).toBe(emails.length);
    // The backlog is what /metrics shows.
    const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^bootcamp_outbox_messages 6$/m);

    smtp.accepting = true;
    await expect.poll(() => undelivered(app), { timeout: 20_000, interval: 100 }).toBe(0);
    // A last look after both workers have had more polls: nothing goes again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(emails.length);
    const to = smtp.received.map((raw) => /^To: (.+)$/m.exec(raw)?.[1].trim()).sort();
    expect(to).toEqual([...emails].sort());
    const ids = smtp.received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1].trim());
    expect(new Set(ids).size).toBe(emails.length);
    expect(ids.every((id) => /^<outbox-\d+@bootcamp\.test>$/.test(id ?? ''))).toBe(true);
    const raw = smtp.received[0];
    expect(raw).toMatch(/^From: The Employment Bootcamp <hello@bootcamp\.test>/m);
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toMatch(/\b\d{6}\b/);
    // With SMTP there is no outbox page.
    expect((await app.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    const { rows } = await app.db.query<{ attempts: number }>('SELECT attempts FROM outbox');
    // A refused email was tried again: backoff, not loss.
    expect(rows.some((r) => r.attempts >= 2)).toBe(true);
  }, 60_000);

  it('sends a spike of emails several at a time, each once, so a code does not wait behind the others', async () => {
    const smtp = (peer = await smtpPeer());
    smtp.accepting = true;
    // A slow mail server: each message takes 300 ms to be accepted.
    smtp.holdMs = 300;
    const app = (t = await testApp(database, { mailer: (db) => outboxMailer(db, undefined, 'smtp') }));
    const emails = Array.from({ length: 12 }, (_, i) => `spike${i}@example.com`);
    for (const email of emails) {
      const res = await app.app.inject({ method: 'POST', url: paths.create, payload: applicant(email) });
      expect(res.statusCode).toBe(201);
    }
    const w = mailWorker({
      db: app.db,
      deliver: smtpDelivery(`smtp://127.0.0.1:${smtp.port}`, 'The Employment Bootcamp <hello@bootcamp.test>'),
      domain: 'bootcamp.test',
      pollMs: 30,
    });
    workers.push(w);
    w.start();
    await expect.poll(() => undelivered(app), { timeout: 30_000, interval: 100 }).toBe(0);
    expect(smtp.received).toHaveLength(emails.length);
    const ids = smtp.received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1].trim());
    expect(new Set(ids).size).toBe(emails.length);
    // Several at once (one after another, the 12th code would wait 12 × 300 ms), never more than a claim holds.
    expect(smtp.mostAtOnce).toBeGreaterThan(1);
    expect(smtp.mostAtOnce).toBeLessThanOrEqual(SEND_AT_ONCE);
  }, 60_000);

  it('an attachment queued with an email reaches the outbox page and leaves through SMTP with its type', async () => {
    const smtp = (peer = await smtpPeer());
    smtp.accepting = true;
    const app = (t = await testApp(database, { mailer: (db) => outboxMailer(db, undefined, 'smtp') }));
    const invitation = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await outboxMailer(app.db, undefined, 'smtp').send({
      to: 'booked@example.com',
      subject: 'Your interview',
      text: 'See you then',
      html: '<p>See you then</p>',
      attachments: [
        { filename: 'interview.ics', contentType: 'text/calendar; method=REQUEST', content: invitation },
      ],
    });
    expect((await readOutbox(app.db))[0].attachments).toEqual([
      { filename: 'interview.ics', contentType: 'text/calendar; method=REQUEST', content: invitation },
    ]);
    const w = mailWorker({
      db: app.db,
      deliver: smtpDelivery(`smtp://127.0.0.1:${smtp.port}`, 'x@bootcamp.test'),
    });
    workers.push(w);
    await w.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/^Content-Type: text\/calendar; method=REQUEST/m);
    expect(smtp.received[0]).toContain('filename=interview.ics');
  });

  it('a write that rolls back queues nothing, so nothing is sent', async () => {
    const smtp = (peer = await smtpPeer());
    smtp.accepting = true;
    const app = (t = await testApp(database, { mailer: (db) => outboxMailer(db, undefined, 'smtp') }));
    const mailer = outboxMailer(app.db, undefined, 'smtp');
    await expect(
      app.db.transaction(async (tx) => {
        await mailer.send(
          { to: 'rolled@example.com', subject: 'Never', text: 'never', html: '<p>never</p>' },
          tx,
        );
        throw new Error('the write failed after queueing its email');
      }),
    ).rejects.toThrow('the write failed');
    const w = mailWorker({
      db: app.db,
      deliver: smtpDelivery(`smtp://127.0.0.1:${smtp.port}`, 'x@bootcamp.test'),
    });
    workers.push(w);
    expect(await w.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await readOutbox(app.db)).toHaveLength(0);
  });

  it('without SMTP the worker delivers to the local mailbox, which still shows every code', async () => {
    const app = (t = await testApp(database));
    const res = await app.app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant('local@example.com'),
    });
    expect(res.statusCode).toBe(201);
    // Readable at once, before any worker ran (the e2e tests read codes this way).
    expect(await app.latestCode('local@example.com')).toMatch(/^\d{6}$/);
    const w = mailWorker({ db: app.db });
    workers.push(w);
    expect(await w.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(await w.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(await undelivered(app)).toBe(0);
    const page = await app.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain('local@example.com');
  });

  it('without SMTP one statement marks every due row, however many: a backlog is no stream of small updates', async () => {
    const app = (t = await testApp(database));
    const mailer = outboxMailer(app.db);
    for (let i = 0; i < 45; i++)
      await mailer.send({ to: `backlog.${i}@example.com`, subject: 's', text: 't', html: '<p>t</p>' });
    const statements: string[] = [];
    const counting = {
      ...app.db,
      query: ((text: string, params?: unknown[]) => {
        statements.push(text);
        return app.db.query(text, params);
      }) as typeof app.db.query,
    };
    const w = mailWorker({ db: counting });
    workers.push(w);
    expect(await w.deliverDue()).toEqual({ delivered: 45, failed: 0 });
    expect(statements).toHaveLength(1);
    expect(await undelivered(app)).toBe(0);
  });
});
