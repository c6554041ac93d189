import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, paths } from '../../machines/rules/contract';
import { type SavedApplication } from '../../machines/savedApplication';
import { MESSAGES } from '../../machines/rules/messages';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  applicant,
  databases,
  fieldErrors,
  json,
  sessionCookie,
  useTestApp,
  verifiedApplicant,
} from './support';

describe.each(databases)('the start of the flow on $name', (database) => {
  const t = useTestApp(database, { checkDocumentedAnswers: true });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('answers the cohort open now, by the cohort rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.currentCohort });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      message: 'Current cohort',
      data: [
        expect.objectContaining({
          number: 13,
          name: 'Cohort 13',
          start_date: '2026-12-10',
          application_deadline: '2026-12-03',
        }),
      ],
    });
    t.setNow(new Date('2026-12-04T09:00:00Z'));
    const later = json<{ data: { name: string }[] }>(
      await t.app.inject({ method: 'GET', url: paths.currentCohort }),
    );
    expect(later.data[0].name).toBe('Cohort 14');
  });

  it('tells a new email to start a new application', async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.lookup('new@example.com') });
    expect(json(res)).toEqual({ message: MESSAGES.startNewApplication, data: [] });
  });

  it('refuses a malformed email on lookup with the catalogue words', async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.lookup('not-an-email') });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      message: MESSAGES.emailFormat,
      data: { error: { email: [MESSAGES.emailFormat] } },
    });
  });

  it('creates an application, stores the phone normalised and emails a 6-digit code', async () => {
    const res = await post(paths.create, applicant('Ada@Example.com'));
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({
      message: 'Application created',
      data: { email: 'Ada@Example.com', stage: 'created', retryAfter: 120 },
    });
    const [mail] = await t.mails();
    expect(mail.to).toBe('Ada@Example.com');
    expect(mail.text).toMatch(/The Employment Bootcamp/);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain(await t.latestCode('Ada@Example.com'));
    const { rows } = await t.db.query<{ phone: string }>('SELECT phone FROM applications');
    expect(rows).toEqual([{ phone: '+2348031234567' }]);
  });

  it('stores a number typed as it is dialled in the applicant’s country in international form', async () => {
    const res = await post(
      paths.create,
      applicant('ada@example.com', { phone: '0803 123 4567', whatsapp_phone: '08095550177' }),
    );
    expect(res.statusCode).toBe(201);
    const { rows } = await t.db.query<{ phone: string; whatsapp_phone: string }>(
      'SELECT phone, whatsapp_phone FROM applications',
    );
    expect(rows).toEqual([{ phone: '+2348031234567', whatsapp_phone: '+2348095550177' }]);
  });

  it('refuses a number that is not one of the applicant’s country, with the catalogue’s phone message', async () => {
    const res = await post(
      paths.create,
      applicant('ada@example.com', { country: 'Ghana', phone: '08031234567' }),
    );
    expect(res.statusCode).toBe(400);
    expect(json<{ data: { error: Record<string, string[]> } }>(res).data.error).toEqual({
      phone: [MESSAGES.phoneInvalid],
    });
    expect((await t.db.query('SELECT id FROM applications')).rows).toHaveLength(0);
  });

  it('lists every missing answer of bio data and communications', async () => {
    const res = await post(paths.create, { email: 'a@example.com', communications: { referral_source: '' } });
    expect(res.statusCode).toBe(400);
    const body = json<{ data: { error: Record<string, string[]> } }>(res);
    expect(body.data.error).toMatchObject(
      fieldErrors('firstname', 'lastname', 'gender', 'country', 'city', 'phone', 'referral_source'),
    );
    expect((await t.db.query('SELECT id FROM applications')).rows).toHaveLength(0);
  });

  it('refuses a second application for the same email, whatever its case', async () => {
    await post(paths.create, applicant('ada@example.com'));
    const res = await post(paths.create, applicant('ADA@example.com'));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      message: SERVER_MESSAGES.emailTaken,
      data: { error: { email: [SERVER_MESSAGES.emailTaken] } },
    });
  });

  it('answers a retried create once: same answer, one application, one email', async () => {
    const key = { [IDEMPOTENCY_HEADER]: 'retry-1' };
    const first = await post(paths.create, applicant('ada@example.com'), key);
    const again = await post(paths.create, applicant('ada@example.com'), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await t.db.query('SELECT id FROM applications')).rows).toHaveLength(1);
    expect(await t.mails()).toHaveLength(1);
  });

  it('shows only existence and progress to a browser without the session', async () => {
    await post(paths.create, applicant('ada@example.com'));
    const res = await t.app.inject({ method: 'GET', url: paths.lookup('ada@example.com') });
    expect(json(res)).toEqual({
      message: 'Application found',
      data: [{ exists: true, stage: 'created', email_verified: false }],
    });
    expect(res.body).not.toContain('Ada');
  });

  it('resends a code only after the wait, which doubles', async () => {
    await post(paths.create, applicant('ada@example.com'));
    const first = await t.latestCode('ada@example.com');
    const early = await post(paths.resendCode, { email: 'ada@example.com' });
    expect(early.statusCode).toBe(429);
    expect(json(early)).toEqual({
      message: 'Please wait 120 seconds before asking for a new code',
      data: { retryAfter: 120 },
    });
    t.advance(120_000);
    const ok = await post(paths.resendCode, { email: 'ada@example.com' });
    expect(json(ok)).toEqual({ message: MESSAGES.otpSent, data: { retryAfter: 240 } });
    t.advance(200_000);
    expect(
      json<{ data: { retryAfter: number } }>(await post(paths.resendCode, { email: 'ada@example.com' })).data
        .retryAfter,
    ).toBe(40);
    // The old code died with the new one.
    const stale = await post(paths.verifyEmail, { email: 'ada@example.com', token: first });
    expect(stale.statusCode).toBe(400);
  });

  it('does not send a code to an unknown email', async () => {
    const res = await post(paths.resendCode, { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      message: MESSAGES.notRegistered,
      data: { error: { email: [MESSAGES.notRegistered] } },
    });
  });

  it('verifies the email with the right code and sets an HttpOnly session cookie', async () => {
    await post(paths.create, applicant('ada@example.com'));
    const res = await post(paths.verifyEmail, {
      email: 'ada@example.com',
      token: await t.latestCode('ada@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; data: SavedApplication }>(res);
    expect(body.message).toBe('Email verified');
    expect(body.data).toMatchObject({
      email: 'ada@example.com',
      firstname: 'Ada',
      stage: 'verified',
      middlename: '',
    });
    expect(body.data.email_verified_at).toBe('2026-11-23T10:00:00.000Z');
    const cookie = res.cookies[0];
    expect(cookie).toMatchObject({ name: 'tebc_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const lookup = await t.app.inject({
      method: 'GET',
      url: paths.lookup('ada@example.com'),
      headers: { cookie: sessionCookie(res) },
    });
    expect(json<{ data: SavedApplication[] }>(lookup).data[0]).toMatchObject({
      firstname: 'Ada',
      phone: '+2348031234567',
    });
  });

  it('says why a code fails: wrong, expired, too many tries', async () => {
    await post(paths.create, applicant('ada@example.com'));
    const code = await t.latestCode('ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(paths.verifyEmail, { email: 'ada@example.com', token: wrong });
    expect(json(res)).toEqual({
      message: SERVER_MESSAGES.codeWrong,
      data: { error: { token: [SERVER_MESSAGES.codeWrong] } },
    });
    for (let i = 0; i < 3; i++) await post(paths.verifyEmail, { email: 'ada@example.com', token: wrong });
    const fifth = await post(paths.verifyEmail, { email: 'ada@example.com', token: wrong });
    expect(json(fifth).message).toBe(SERVER_MESSAGES.codeTooManyTries);
    const right = await post(paths.verifyEmail, { email: 'ada@example.com', token: code });
    expect(right.statusCode).toBe(400);
    expect(json(right).message).toBe(SERVER_MESSAGES.codeTooManyTries);

    t.advance(120_000);
    await post(paths.resendCode, { email: 'ada@example.com' });
    t.advance(10 * 60_000 + 1);
    const late = await post(paths.verifyEmail, {
      email: 'ada@example.com',
      token: await t.latestCode('ada@example.com'),
    });
    expect(json(late).message).toBe(SERVER_MESSAGES.codeExpired);
    expect(late.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a code that is not 6 digits with the catalogue words', async () => {
    const empty = await post(paths.verifyEmail, { email: 'ada@example.com', token: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe(MESSAGES.otpRequired);
    const short = await post(paths.verifyEmail, { email: 'ada@example.com', token: '12a' });
    expect(json(short)).toEqual({
      message: MESSAGES.otpFormat,
      data: { error: { token: [MESSAGES.otpFormat] } },
    });
  });

  it('gives a returning applicant on a new device a code and their answers back', async () => {
    await verifiedApplicant(t, 'ada@example.com');
    const resend = await post(paths.resendCode, { email: 'ada@example.com' });
    expect(resend.statusCode).toBe(200);
    const again = await post(paths.verifyEmail, {
      email: 'ada@example.com',
      token: await t.latestCode('ada@example.com'),
    });
    expect(again.statusCode).toBe(200);
    expect(json<{ data: SavedApplication }>(again).data.email_verified_at).toBe('2026-11-23T10:00:00.000Z');
  });

  it('keeps the email fixed: the session of one applicant cannot read another', async () => {
    const cookie = await verifiedApplicant(t, 'ada@example.com');
    await post(paths.create, applicant('bola@example.com'));
    const res = await t.app.inject({
      method: 'GET',
      url: paths.lookup('bola@example.com'),
      headers: { cookie },
    });
    expect(json(res).data).toEqual([{ exists: true, stage: 'created', email_verified: false }]);
  });
});
