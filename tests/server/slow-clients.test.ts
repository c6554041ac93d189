/**
 * Slow clients over real sockets: a body or headers that trickle are cut with a 408 and the connection closed; a
 * CV upload without the session is refused before its body is read, and nothing reaches the storage. The limits
 * are shortened here (server/timeouts.ts has the real ones); every socket is bounded and closed by the test.
 */
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { FIELD_MESSAGES } from '../../machines/rules/messages';
import { SERVER_MESSAGES } from '../../server/messages';
import { cvForm, databases, pdf, useTestApp, verifiedApplicant } from './support';

const TIMEOUTS = { headersMs: 1_000, bodyMs: 1_000, uploadMs: 2_500, idleMs: 10_000 };
/** How long the test's own client keeps trickling before it gives up (far past every limit above). */
const CLIENT_GIVES_UP_MS = 15_000;

interface Exchange {
  status: number;
  body: string;
  /** From connecting to the server closing the connection. */
  ms: number;
  closedByServer: boolean;
}

/** A 300 kB CV sent at once over a real connection, as a browser on a good network does. */
function uploadAtNormalPace(port: number, email: string, cookie: string): Promise<Response> {
  const form = cvForm(email, pdf(300_000));
  return fetch(`http://127.0.0.1:${port}${paths.uploadCv}`, {
    method: 'POST',
    headers: { ...form.headers, cookie },
    body: new Uint8Array(form.payload),
  });
}

/** Sends `head` (and `first`), then one byte every `everyMs` until the server closes or the client gives up. */
function trickle(port: number, head: string | Buffer, everyMs = 100, first?: Buffer): Promise<Exchange> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    let gaveUp = false;
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write(head);
    if (first) socket.write(first);
    const drip = setInterval(() => {
      if (Date.now() - started > CLIENT_GIVES_UP_MS) {
        gaveUp = true;
        socket.destroy();
      } else if (socket.writable) socket.write('a');
    }, everyMs);
    socket.on('close', () => {
      clearInterval(drip);
      const [head_, ...rest] = text.split('\r\n\r\n');
      done({
        status: Number(head_.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0),
        body: rest.join('\r\n\r\n'),
        ms: Date.now() - started,
        closedByServer: !gaveUp,
      });
    });
  });
}

describe.each(databases)('slow clients on $name', (database) => {
  const t = useTestApp(database, { timeouts: TIMEOUTS }, 'all');
  let cookie: string;
  let port: number;
  const stored = () => readdirSync(t.storageDir).length;
  const cvRows = async () => (await t.db.query('SELECT id FROM cvs')).rows.length;
  const figures: string[] = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    cookie = await verifiedApplicant(t, 'ada@example.com');
  });
  afterAll(async () => {
    console.info(`slow clients on ${database.name}:\n  ${figures.join('\n  ')}`);
  });

  const post = (path: string, headers: Record<string, string>) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';

  it('cuts a JSON body that trickles with a 408 in words and closes the connection', async () => {
    const res = await trickle(
      port,
      post(paths.employment, { 'content-type': 'application/json', 'content-length': '5000', cookie }),
    );
    figures.push(`JSON body trickling 10 bytes/s: 408 after ${res.ms} ms (limit ${TIMEOUTS.bodyMs} ms)`);
    expect(res.closedByServer).toBe(true);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.tooSlow });
  });

  it('cuts headers that trickle', async () => {
    const res = await trickle(port, `POST ${paths.employment} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    figures.push(`headers trickling: ${res.status} after ${res.ms} ms (limit ${TIMEOUTS.headersMs} ms)`);
    expect(res.closedByServer).toBe(true);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.tooSlow });
  });

  it('cuts a CV upload that trickles after its longer limit, keeping no part of the file', async () => {
    const { payload, headers } = cvForm('ada@example.com', pdf(900_000));
    const start = payload.subarray(0, payload.indexOf('%PDF') + 2048);
    const res = await trickle(
      port,
      post(paths.uploadCv, { ...headers, 'content-length': String(payload.length), cookie }),
      100,
      start,
    );
    figures.push(`CV upload trickling: 408 after ${res.ms} ms (limit ${TIMEOUTS.uploadMs} ms)`);
    expect(res.closedByServer).toBe(true);
    expect(res.status).toBe(408);
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUTS.uploadMs);
    await expect.poll(stored).toBe(0);
    expect(await cvRows()).toBe(0);
  });

  it('refuses a CV upload without the session before reading its body: nothing reaches the storage', async () => {
    const { payload, headers } = cvForm('ada@example.com', pdf(10 * 1024 * 1024 - 4096));
    // The client announces 10 MB and sends only the first 4 KB: the answer comes without the rest.
    const res = await trickle(
      port,
      post(paths.uploadCv, { ...headers, 'content-length': String(payload.length) }),
      100,
      payload.subarray(0, 4096),
    );
    figures.push(`CV upload without session: ${res.status} after ${res.ms} ms with 4 KB of 10 MB sent`);
    expect(res.closedByServer).toBe(true);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).message).toBe(SERVER_MESSAGES.needSession);
    expect(res.ms).toBeLessThan(TIMEOUTS.bodyMs);
    expect(stored()).toBe(0);
  });

  it('refuses a file sent before the email (400) and keeps nothing', async () => {
    const boundary = 'xxfirst';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf(4096),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.com\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: paths.uploadCv,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: FIELD_MESSAGES.email,
      data: { error: { email: [FIELD_MESSAGES.email] } },
    });
    expect(stored()).toBe(0);
    expect(await cvRows()).toBe(0);
  });

  it('cuts many trickling connections at once, and still serves a CV upload at a normal pace', async () => {
    const count = 40;
    const started = Date.now();
    const all = await Promise.all(
      Array.from({ length: count }, () =>
        trickle(
          port,
          post(paths.other, { 'content-type': 'application/json', 'content-length': '2000', cookie }),
          250,
        ),
      ),
    );
    figures.push(
      `${count} trickling connections: ${all.filter((r) => r.status === 408).length} answered 408, all closed after ${Date.now() - started} ms`,
    );
    expect(all.every((r) => r.closedByServer && r.status === 408)).toBe(true);

    const ok = await uploadAtNormalPace(port, 'ada@example.com', cookie);
    expect(ok.status).toBe(200);
    expect(await cvRows()).toBe(1);
  });
});

describe.each(databases)('CV uploads held open by one applicant on $name', (database) => {
  // Held uploads get a minute here, far past the test: they end when the test's client drops them.
  const t = useTestApp(database, { timeouts: { ...TIMEOUTS, uploadMs: 60_000 } }, 'all');
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('holds at most two open: of 40 held at once, 2 are read and 38 refused at once (429) before their body', async () => {
    const cookie = await verifiedApplicant(t, 'held@example.com');
    const { payload, headers } = cvForm('held@example.com', pdf(900_000));
    const head =
      `POST ${paths.uploadCv} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      Object.entries({ ...headers, 'content-length': String(payload.length), cookie })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n';
    const sockets: net.Socket[] = [];
    /** Sends the head and 2 KB of the file, then holds the connection: resolves with the answer, if any. */
    const hold = () =>
      new Promise<{ status: number; body: string; ms: number }>((done) => {
        const socket = net.connect(port, '127.0.0.1');
        sockets.push(socket);
        const started = Date.now();
        let text = '';
        socket.on('error', () => undefined);
        socket.on('data', (chunk) => {
          text += chunk.toString();
          const [answerHead, body] = text.split('\r\n\r\n');
          if (
            body !== undefined &&
            body.length >= Number(/content-length: (\d+)/i.exec(answerHead)?.[1] ?? 0)
          )
            done({ status: Number(answerHead.slice(9, 12)), body, ms: Date.now() - started });
        });
        socket.on('close', () => done({ status: 0, body: '', ms: Date.now() - started }));
        socket.write(head);
        socket.write(payload.subarray(0, payload.indexOf('%PDF') + 2048));
      });
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const first = [hold(), hold()];
    await expect.poll(async () => (await t.db.query('SELECT id FROM cv_upload_slots')).rows.length).toBe(2);
    const refused = await Promise.all(Array.from({ length: 38 }, hold));
    const duringHold = openFiles();
    console.info(
      `40 uploads held by one applicant on ${database.name}: ${refused.filter((r) => r.status === 429).length} refused (429) within ${Math.max(...refused.map((r) => r.ms))} ms; open files ${before} before, ${duringHold} while two were held`,
    );
    expect(refused.map((r) => r.status)).toEqual(Array(38).fill(429));
    expect(JSON.parse(refused[0].body)).toEqual({
      message: SERVER_MESSAGES.uploadsAtOnce,
      data: { error: { cv: [SERVER_MESSAGES.uploadsAtOnce] } },
    });
    // The two held ones are still waiting for their bodies: nothing answered them.
    expect(
      await Promise.race([Promise.all(first), new Promise((r) => setTimeout(() => r('held'), 200))]),
    ).toBe('held');
    // On PostgreSQL the pool may open connections during the burst (up to its 20), each a file of this process.
    expect(duringHold - before).toBeLessThan(database.name === 'postgres' ? 40 : 20);
    // The client drops them: their places come back, and the next upload goes through.
    for (const socket of sockets) socket.destroy();
    await expect.poll(async () => (await t.db.query('SELECT id FROM cv_upload_slots')).rows.length).toBe(0);
    const next = await uploadAtNormalPace(port, 'held@example.com', cookie);
    expect(next.status).toBe(200);
  });
});
