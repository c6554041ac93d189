/**
 * The proof that API processes are stateless (only when DATABASE_URL is set): three real server processes on one
 * PostgreSQL database, CVs in an S3 bucket (an S3-protocol server in this test process, tests/server/s3Server.ts)
 * and mail through an SMTP server in this process, behind a small round-robin proxy written here. An applicant's
 * journey from the first form to submit sends each request to another process; one process is killed mid-journey
 * and the proxy skips it; the CV uploaded through one process is downloaded by staff through another; the
 * per-email limit holds in total; and every email, the reminder included, arrives exactly once.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { paths, SESSION_COOKIE } from '../../machines/rules/contract';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffPaths } from '../../machines/rules/staff/paths';
import { startS3Server, type S3TestServer } from '../server/s3Server';
import { applicant, eligibility, employment, other } from '../support/answers';
import { postgresUrl, scratchSchema } from './support/postgres';
import { freePort, startServer, type RunningServer } from './support/server';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const ADMIN = 'director@bootcamp.example';

/** A round-robin HTTP proxy: each request goes to the next backend; a backend that refuses is skipped. */
async function roundRobin(
  backends: string[],
): Promise<{ url: string; served: number[]; log: { path: string; backend: number }[]; server: Server }> {
  const served = backends.map(() => 0);
  const log: { path: string; backend: number }[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const index = next++ % backends.length;
        const target = new URL(req.url ?? '/', backends[index]);
        const forward = httpRequest(
          target,
          { method: req.method, headers: req.headers, agent: false },
          (answer) => {
            served[index] += 1;
            log.push({ path: target.pathname, backend: index });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => {
          // A dead backend: the next one takes the request (bodies are buffered here, so it can be sent again).
          if (tries < backends.length) attempt(tries + 1);
          else res.writeHead(502).end();
        });
        forward.end(body);
      };
      attempt(1);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, served, log, server };
}

async function smtpInbox() {
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
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The 6-digit code in a raw message's body. */
const codeIn = (raw: string) => /\b(\d{6})\b/.exec(raw.split('\r\n\r\n').slice(1).join('\n'))?.[1];

/** Waits for `check` to hold, at most `ms`. */
async function until<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('one process on PGlite with S3_* and SMTP_URL set: the code by SMTP, the CV in the bucket, ready', async () => {
  const s3 = await startS3Server();
  cleanups.push(() => s3.close());
  await s3.bucket('cvs');
  const smtp = await smtpInbox();
  cleanups.push(() => smtp.close());
  const server = await startServer({
    ...s3.env,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_POLL_MS: '200',
  });
  cleanups.push(() => server.stop());
  const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { checks: Record<string, string> };
  expect(ready.checks.storage).toBe('ok');
  const email = `single-${randomBytes(3).toString('hex')}@example.com`;
  const created = await fetch(server.url + paths.create, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...applicant(email) }),
  });
  expect(created.status).toBe(201);
  const mail = await until(() => smtp.received.find((raw) => raw.includes(email)), 'the code email');
  const verified = await fetch(server.url + paths.verifyEmail, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, token: codeIn(mail) }),
  });
  expect(verified.status).toBe(200);
  const cookie = verified.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0];
  const form = new FormData();
  form.append('email', email);
  form.append(
    'cv',
    new Blob([Buffer.from('%PDF-1.7\n' + ' '.repeat(4000))], { type: 'application/pdf' }),
    'cv.pdf',
  );
  expect(
    (await fetch(server.url + paths.uploadCv, { method: 'POST', headers: { cookie }, body: form })).status,
  ).toBe(200);
  expect(await s3.keys('cvs')).toHaveLength(1);
  // The process's own directory holds no CV.
  expect(
    readdirSync(server.dataDir).includes('uploads') ? readdirSync(join(server.dataDir, 'uploads')) : [],
  ).toEqual([]);
});

describe.each(postgresUrl ? ['PostgreSQL'] : [])('three stateless processes on %s, S3 and SMTP', () => {
  it('carry a journey from create to submit across processes, one of them killed midway', async () => {
    const db = await scratchSchema('journey');
    cleanups.push(db.drop);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    cleanups.push(() => admin.end());

    const s3: S3TestServer = await startS3Server();
    cleanups.push(() => s3.close());
    await s3.bucket('cvs');
    const smtp = await smtpInbox();
    cleanups.push(() => smtp.close());

    const env = {
      DATABASE_URL: db.url,
      ...s3.env,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'The Employment Bootcamp <hello@bootcamp.test>',
      MAIL_POLL_MS: '200',
      REMINDER_POLL_MS: '300',
      STAFF_EMAILS: ADMIN,
      RATE_LIMIT_EMAIL_PER_15_MIN: '12',
    };
    const servers: RunningServer[] = [];
    // One after the other: the first migrates, the others find it done.
    for (let i = 0; i < 3; i++) {
      const server = await startServer(env);
      servers.push(server);
      cleanups.push(() => server.stop());
    }
    const proxy = await roundRobin(servers.map((s) => s.url));
    cleanups.push(() => new Promise((resolve) => proxy.server.close(resolve)));
    const api = proxy.url;
    for (const server of servers) {
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
        checks: Record<string, string>;
      };
      expect(ready.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });
    }

    const mailsTo = (to: string) => smtp.received.filter((raw) => new RegExp(`^To: ${to}`, 'mi').test(raw));
    const email = `journey-${randomBytes(3).toString('hex')}@example.com`;
    let cookie = '';
    const post = (path: string, body: unknown) =>
      fetch(api + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });

    expect((await post(paths.create, applicant(email))).status).toBe(201);
    // The code email leaves through SMTP from whichever process's worker claims it.
    const first = await until(() => mailsTo(email)[0], 'the code email');
    const verified = await post(paths.verifyEmail, { email, token: codeIn(first) });
    expect(verified.status).toBe(200);
    cookie = verified.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0];

    expect(
      (await post(paths.eligibility, { email, eligible: 'eligible', eligibility: eligibility() })).status,
    ).toBe(200);

    // A 6 MB PDF: more than one multipart part in the bucket.
    const file = Buffer.alloc(6 * 1024 * 1024, 0x20);
    Buffer.from('%PDF-1.7\n').copy(file);
    for (let i = 9; i < file.length; i += 997) file[i] = 0x41 + (i % 26);
    const form = new FormData();
    form.append('email', email);
    form.append('cv', new Blob([file], { type: 'application/pdf' }), 'Ada Obi CV.pdf');
    const uploaded = await fetch(api + paths.uploadCv, { method: 'POST', headers: { cookie }, body: form });
    expect(uploaded.status).toBe(200);

    // One process dies mid-journey (no mail is in flight: all of it has been delivered); the proxy skips it.
    await until(async () => {
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL`);
      return rows[0].n === 0 || undefined;
    }, 'an empty outbox');
    servers[1].process.kill('SIGKILL');
    await until(
      () => servers[1].process.exitCode !== null || servers[1].process.signalCode !== null,
      'the kill',
    );

    expect((await post(paths.employment, { email, employment })).status).toBe(200);
    expect((await post(paths.other, { email, other })).status).toBe(200);
    const submitted = await post(paths.submit, {
      email,
      agreement: true,
      agreement1: true,
      agreement2: true,
    });
    expect(submitted.status).toBe(200);
    // The owner's view, through the proxy: the CV and the stage, whichever process answers.
    const view = (await (await fetch(api + paths.lookup(email), { headers: { cookie } })).json()) as {
      data: { stage: string; cv: { filename: string; size: number } }[];
    };
    expect(view.data[0].stage).toBe('submitted');
    expect(view.data[0].cv).toEqual({ filename: 'Ada Obi CV.pdf', size: file.length });

    // A reminder three seconds ahead: all live processes poll for it, one sends it.
    const remindAt = new Date(Date.now() + 3000).toISOString();
    const reminder = await fetch(api + paths.update(email), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ email, reminderDate: remindAt }),
    });
    expect(reminder.status).toBe(200);

    // Staff download the CV through the proxy: the process that answers (not necessarily the one that took the
    // upload) streams it from the bucket.
    expect((await post(staffPaths.signIn, { email: ADMIN })).status).toBe(200);
    const staffMail = await until(() => mailsTo(ADMIN)[0], 'the staff code');
    const staffIn = await post(staffPaths.verify, { email: ADMIN, token: codeIn(staffMail) });
    expect(staffIn.status).toBe(200);
    const staffCookie = staffIn.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${STAFF_COOKIE}=`))!
      .split(';')[0];
    const { rows } = await admin.query<{ id: number }>(`SELECT id FROM applications`);
    for (let i = 0; i < 2; i++) {
      const cv = await fetch(api + staffPaths.cv.replace(':id', String(rows[0].id)), {
        headers: { cookie: staffCookie },
      });
      expect(cv.status).toBe(200);
      expect(cv.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await cv.arrayBuffer()).equals(file)).toBe(true);
    }

    // The per-email limit (12 in 15 minutes, verify and resend) holds in total over the two live processes.
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push((await post(paths.verifyEmail, { email, token: '000000' })).status);
    const limited = statuses.filter((s) => s === 429).length;
    // Counted apart, two processes would allow 12 each; together fewer than 12 more get through (verify counted).
    expect(statuses.filter((s) => s !== 429).length).toBeLessThan(12);
    expect(limited).toBeGreaterThan(2);

    // Every email exactly once: the code, the submission email, the staff code and the reminder.
    await until(() => mailsTo(email).find((raw) => /^Subject: Reminder:/m.test(raw)), 'the reminder', 30_000);
    // Two more polls of every process: nothing goes again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ids = smtp.received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1].trim());
    expect(new Set(ids).size).toBe(smtp.received.length);
    expect(mailsTo(email).map((raw) => /^Subject: (.+)$/m.exec(raw)?.[1].split(':')[0])).toHaveLength(3);
    expect(mailsTo(ADMIN)).toHaveLength(1);
    const { rows: outbox } = await admin.query<{ n: number; delivered: number }>(
      `SELECT count(*)::int AS n, count(delivered_at)::int AS delivered FROM outbox`,
    );
    expect(outbox[0]).toEqual({ n: smtp.received.length, delivered: smtp.received.length });
    // The CV went into the bucket through one process and came out through another.
    const through = (path: RegExp) => proxy.log.filter((l) => path.test(l.path)).map((l) => l.backend);
    const [uploadedBy] = through(/upload-cv$/);
    expect(through(/\/applications\/\d+\/cv$/).some((backend) => backend !== uploadedBy)).toBe(true);
    // Every live process served part of the journey.
    expect(proxy.served.every((n) => n > 0)).toBe(true);
    console.info(`requests per process: ${proxy.served.join(', ')}; emails: ${smtp.received.length}`);
  }, 180_000);
});
