/** Bad input of every kind, property-based: always the right 4xx with words, nothing stored, never a 500. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  applicant,
  cvForm,
  databases,
  json,
  releaseDatabases,
  testApp,
  verifiedApplicant,
  type TestApp,
} from './support';

afterAll(releaseDatabases);

const WRITES = [
  paths.create,
  paths.eligibility,
  paths.employment,
  paths.other,
  paths.submit,
  paths.misc,
  paths.resendToken,
  paths.verifyEmail,
  paths.update('ada@example.com'),
];

describe.each(databases)('bad input on $name', (database) => {
  let t: TestApp;
  let cookie: string;
  const count = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications')).rows[0].n;
  beforeAll(async () => {
    t = await testApp(database);
    cookie = await verifiedApplicant(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers malformed JSON with 400 and the same words on every write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES), fc.string({ maxLength: 40 }), async (url, text) => {
        fc.pre(!isJson(text));
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', cookie },
          payload: text,
        });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toEqual({ message: SERVER_MESSAGES.invalidJson });
      }),
      { numRuns: 60 },
    );
    expect(await count()).toBe(1);
  });

  it('refuses wrong types, huge strings and junk fields on create with a 4xx and words, storing nothing', async () => {
    const junk = fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })),
      fc.string({ minLength: 1001, maxLength: 3000 }),
    );
    const field = fc.constantFrom(
      'firstname',
      'lastname',
      'gender',
      'country',
      'city',
      'email',
      'phone',
      'whatsapp_phone',
      'middlename',
    );
    await fc.assert(
      fc.asyncProperty(field, junk, fc.emailAddress(), async (name, value, email) => {
        const res = await t.app.inject({
          method: 'POST',
          url: paths.create,
          payload: { ...applicant(email), [name]: value },
        });
        expect(res.statusCode).toBe(400);
        const body = json<{ message: string; data: { error: Record<string, string[]> } }>(res);
        expect(body.message.length).toBeGreaterThan(0);
        expect(Object.keys(body.data.error)).toEqual([name]);
      }),
      { numRuns: 80 },
    );
    expect(await count()).toBe(1);
  });

  it('strips unknown fields and still stores only known answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.stringMatching(/^x_[a-z]{1,8}$/), fc.string({ maxLength: 20 }), {
          minKeys: 1,
          maxKeys: 4,
        }),
        async (extra) => {
          const email = `extra${Math.random().toString(36).slice(2)}@example.com`;
          const res = await t.app.inject({
            method: 'POST',
            url: paths.create,
            payload: { ...applicant(email), ...extra },
          });
          expect(res.statusCode).toBe(201);
          expect(res.body).not.toContain(Object.keys(extra)[0]);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('refuses wrong emails and phones with the catalogue words', async () => {
    const badEmail = fc.oneof(
      fc.string({ maxLength: 30 }).filter((s) => !/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(s.trim())),
      fc.constant('a@b.c'),
      fc.constant('no-at-sign.com'),
    );
    await fc.assert(
      fc.asyncProperty(badEmail, async (email) => {
        const res = await t.app.inject({ method: 'POST', url: paths.create, payload: applicant(email) });
        expect(res.statusCode).toBe(400);
        expect(json<{ data: { error: { email: string[] } } }>(res).data.error.email[0]).toMatch(
          new RegExp(`^(${FIELD_MESSAGES.email}|${MESSAGES.emailFormat})$`),
        );
      }),
      { numRuns: 40 },
    );
    const badPhone = fc.oneof(
      fc.stringMatching(/^\d{1,9}$/),
      fc.stringMatching(/^\d{16,20}$/),
      fc.stringMatching(/^[a-z]{3,12}$/),
    );
    await fc.assert(
      fc.asyncProperty(badPhone, async (phone) => {
        const res = await t.app.inject({
          method: 'POST',
          url: paths.create,
          payload: applicant('phone@example.com', { phone }),
        });
        expect(json(res)).toEqual({
          message: MESSAGES.phoneFormat,
          data: { error: { phone: [MESSAGES.phoneFormat] } },
        });
      }),
      { numRuns: 30 },
    );
  });

  it('never lets a write through without the session or with another applicant’s', async () => {
    const other = await verifiedApplicant(t, 'bola@example.com');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          paths.eligibility,
          paths.employment,
          paths.other,
          paths.submit,
          paths.misc,
          paths.update('ada@example.com'),
        ),
        fc.boolean(),
        async (url, withOther) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: withOther ? { cookie: other } : {},
            payload: {
              email: 'ada@example.com',
              misc: { column_name: 'Financial Info', payment_option: 'x' },
              reminderDate: '2027-01-01T10:00:00Z',
            },
          });
          expect(res.statusCode).toBe(withOther ? 403 : 401);
          expect(json(res).message).toBe(withOther ? SERVER_MESSAGES.notYours : SERVER_MESSAGES.needSession);
        },
      ),
      { numRuns: 30 },
    );
    const { rows } = await t.db.query<{ payment_option: string; reminder_date: unknown }>(
      "SELECT payment_option, reminder_date FROM applications WHERE email = 'ada@example.com'",
    );
    expect(rows[0]).toEqual({ payment_option: '', reminder_date: null });
  });

  it('refuses any non-document posing as a PDF, keeping no file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 3000 }), async (bytes) => {
        fc.pre(bytes[0] !== 0x25 && bytes[0] !== 0xd0 && bytes[0] !== 0x50);
        const form = cvForm('ada@example.com', Buffer.from(bytes), 'cv.pdf');
        const res = await t.app.inject({
          method: 'POST',
          url: paths.uploadCv,
          payload: form.payload,
          headers: { ...form.headers, cookie },
        });
        expect(res.statusCode).toBe(415);
        expect(json(res).message).toBe(MESSAGES.cvType);
      }),
      { numRuns: 25 },
    );
    expect((await t.db.query('SELECT id FROM cvs')).rows).toHaveLength(0);
  });

  it('never answers a wrong code with a 500, and voids the code after 5 tries', async () => {
    await t.app.inject({ method: 'POST', url: paths.create, payload: applicant('codes@example.com') });
    const real = await t.latestCode('codes@example.com');
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{6}$/), async (token) => {
        fc.pre(token !== real);
        const res = await t.app.inject({
          method: 'POST',
          url: paths.verifyEmail,
          payload: { email: 'codes@example.com', token },
        });
        expect(res.statusCode).toBe(400);
        seen.push(json(res).message);
      }),
      { numRuns: 8 },
    );
    expect(seen.slice(0, 4).every((m) => m === SERVER_MESSAGES.codeWrong)).toBe(true);
    expect(seen.slice(4).every((m) => m === SERVER_MESSAGES.codeTooManyTries)).toBe(true);
    const right = await t.app.inject({
      method: 'POST',
      url: paths.verifyEmail,
      payload: { email: 'codes@example.com', token: real },
    });
    expect(json(right).message).toBe(SERVER_MESSAGES.codeTooManyTries);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
