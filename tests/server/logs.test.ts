/**
 * The server's log holds no personal data and no code, at the most talkative level: a whole journey, the
 * bad-input corpus and a real database failure are logged through the production logger options into a captured
 * stream, and the log is searched for every email, name, phone number, answer, file name, code and session token
 * the requests carried.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { paths, SESSION_COOKIE } from '../../machines/rules/contract';
import type { Db } from '../../server/db/index';
import { logOptions, maskUrl, safeError } from '../../server/logging';
import { applicant, cvForm, databases, pdf, sessionCookie, uploadCv, useTestApp } from './support';
import { agreed, eligibility, employment } from '../support/answers';

const EMAIL = 'zainab.okafor-logs@example.com';
const PERSON = {
  firstname: 'Zainabqx',
  middlename: 'Chiomaqx',
  lastname: 'Okaforqx',
  city: 'Enuguqx',
  phone: '+234 803 555 0199',
  whatsapp_phone: '+234 809 555 0177',
};
const ANSWERS = {
  key_challenge: 'Leaving my uncle’s shop in Onitsha',
  leadership_experience: 'Captain of the Nsukka debate club',
  distractions: 'My twin brothers Obinna and Ikenna',
  bootcamp_expectations: 'A data job at Flutterwave',
};
const CV_NAME = 'Zainabqx_Okaforqx_CV.pdf';
const VICTIM = 'second.person-logs@example.com';

/** A Db whose next create fails inside the engine (division by zero), with the statement's parameters in hand. */
function breakableDb(db: Db): { db: Db; breakNextCreate: () => void } {
  let armed = false;
  const bend = (sql: string) => {
    if (!armed || !/insert into "?applications"?/i.test(sql)) return sql;
    armed = false;
    return sql.replace(/\$1(?!\d)/, '((1/0)::text || $1)');
  };
  return {
    breakNextCreate: () => (armed = true),
    db: {
      ...db,
      query: (sql, params) => db.query(bend(sql), params),
      transaction: (fn) =>
        db.transaction((tx) => fn({ query: (sql, params) => tx.query(bend(sql), params) })),
    },
  };
}

describe.each(databases)('logs on $name', (database) => {
  let breakNextCreate: () => void;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

  const t = useTestApp(
    database,
    {
      logger: { ...logOptions(), level: 'trace', stream },
      wrapDb: (db) => {
        const control = breakableDb(db);
        breakNextCreate = control.breakNextCreate;
        return control.db;
      },
    },
    'all',
  );

  it('holds no email, name, phone, answer, file name, code or session token after a journey and bad input', async () => {
    const post = (url: string, payload: object, cookie = '', extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers: { ...(cookie ? { cookie } : {}), ...extra } });

    // The journey.
    const created = await post(paths.create, applicant(EMAIL, PERSON));
    expect(created.statusCode).toBe(201);
    const code = await t.latestCode(EMAIL);
    await post(paths.verifyEmail, { email: EMAIL, token: code === '000000' ? '111111' : '000000' });
    const verified = await post(paths.verifyEmail, { email: EMAIL, token: code });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified);
    const form = cvForm(EMAIL, pdf(), CV_NAME);
    const steps = [
      await post(
        paths.eligibility,
        {
          email: EMAIL,
          eligible: 'eligible',
          eligibility: eligibility(),
        },
        cookie,
      ),
      await uploadCv(t, form, cookie),
      await post(
        paths.employment,
        {
          email: EMAIL,
          employment,
        },
        cookie,
      ),
      await post(paths.other, { email: EMAIL, other: ANSWERS }, cookie),
      await post(paths.submit, { email: EMAIL, ...agreed }, cookie),
      await post(paths.update(EMAIL), { reminderDate: '2026-12-01T09:00:00.000Z' }, cookie),
      await post(
        paths.update(EMAIL),
        { videoData: { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 } },
        cookie,
      ),
    ];
    expect(steps.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    await t.app.inject({ method: 'GET', url: paths.lookup(EMAIL), headers: { cookie } });
    await t.app.inject({ method: 'GET', url: paths.lookup(EMAIL) });
    await post(paths.resendCode, { email: EMAIL });

    // Bad input: hidden characters, malformed bodies, dates out of range, foreign origins, wrong sessions.
    const bad = [
      await post(paths.create, applicant(VICTIM, { ...PERSON, firstname: 'Zainabqx\u0000' })),
      await post(paths.other, { email: EMAIL, other: { ...ANSWERS, distractions: 'My twin\u0000' } }, cookie),
      await post(paths.update(EMAIL), { reminderDate: '+275760-09-13T00:00:00.000Z' }, cookie),
      await t.app.inject({
        method: 'POST',
        url: paths.uploadCv,
        payload: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${EMAIL}\r\n--x\r\nContent-Disposition: form-data; name="cv"; filename="${CV_NAME}"\r\n\r\n%PDF-1.4 cut`,
        headers: { 'content-type': 'multipart/form-data; boundary=x', cookie },
      }),
      await t.app.inject({
        method: 'POST',
        url: paths.uploadCv,
        payload: `${EMAIL} ${PERSON.phone}`,
        headers: { 'content-type': 'multipart/form-data', cookie },
      }),
      await t.app.inject({
        method: 'POST',
        url: paths.create,
        payload: `{"email":"${EMAIL}","firstname":"${PERSON.firstname}"`,
        headers: { 'content-type': 'application/json' },
      }),
      await post(paths.update(EMAIL), { reminderDate: '2027-01-01T00:00:00Z' }, cookie, {
        origin: 'http://localhost:9999',
      }),
      await post(paths.other, { email: EMAIL, other: ANSWERS }),
      await post(paths.verifyEmail, { email: EMAIL, token: '12345x' }),
      await t.app.inject({ method: 'GET', url: `/api/v1/bootcamp/nothing/${encodeURIComponent(EMAIL)}` }),
      await t.app.inject({ method: 'GET', url: `/api/v1/bootcamp/nothing/${EMAIL}?phone=${PERSON.phone}` }),
    ];
    expect(bad.every((r) => r.statusCode >= 400 && r.statusCode < 500)).toBe(true);

    // A real failure inside the database, while the statement holds the email, the names and the code's email.
    breakNextCreate();
    const failed = await post(paths.create, applicant(VICTIM, PERSON));
    expect(failed.statusCode).toBe(500);

    const log = lines.join('');
    const failureLine = lines.find((l) => l.includes('"statusCode":500'));
    expect(failureLine, 'the 500 is logged').toBeDefined();
    expect(JSON.parse(failureLine!).err).toMatchObject({
      message: expect.stringMatching(/division by zero/),
    });

    const token = cookie.slice(SESSION_COOKIE.length + 1);
    const codes = (await t.mails()).flatMap((m) => m.text.match(/\b\d{6}\b/g) ?? []);
    expect(codes.length).toBeGreaterThan(0);
    const secrets = [
      EMAIL,
      encodeURIComponent(EMAIL),
      VICTIM,
      'zainab.okafor-logs',
      'second.person-logs',
      PERSON.firstname,
      PERSON.middlename,
      PERSON.lastname,
      PERSON.city,
      PERSON.phone,
      PERSON.phone.replace(/\s/g, ''),
      '8035550199',
      '8095550177',
      ...Object.values(ANSWERS),
      'Onitsha',
      'Obinna',
      'Zainabqx_Okaforqx',
      token,
      ...codes,
    ];
    const found = secrets.filter((secret) => log.toLowerCase().includes(secret.toLowerCase()));
    expect(found).toEqual([]);
    console.info(
      `logs on ${database.name}: ${lines.length} lines, ${log.length} characters, none of ${secrets.length} secrets`,
    );
  });
});

describe('the error serializer', () => {
  it('keeps the kind, code and place of an error and drops what it carried', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "Ada 0803"'), {
      code: '22P02',
      query: 'INSERT INTO applications (email) VALUES ($1)',
      params: ['ada@example.com'],
      detail: 'Key (email)=(ada@example.com) already exists.',
      rawPacket: Buffer.from('POST / HTTP/1.1'),
    });
    const kept = safeError(error);
    expect(Object.keys(kept).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(kept.message).toBe('invalid input syntax for type integer: "…"');
    expect(kept.stack).not.toContain('Ada');
    expect(
      safeError(new Error('sent to ada@example.com, code 482913, phone +234 803 123 4567')).message,
    ).toBe('sent to …@…, code #, phone #');
  });

  it('masks emails in any path, encoded or not', () => {
    expect(maskUrl('/api/v1/x/ada%40example.com/y?phone=1')).toBe('/api/v1/x/:email/y');
    expect(maskUrl('/api/v1/bootcamp/update/ada@example.com')).toBe('/api/v1/bootcamp/update/:email');
  });
});
