import { existsSync, readdirSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, paths, type CohortInfo } from '../../machines/rules/contract';
import { FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import { questions as employmentQuestions } from '../../machines/steps/employment';
import { questions as otherQuestions } from '../../machines/steps/other';
import { FEEDBACK_HANDLING, OPENNESS_TO_TOOLS } from '../../machines/rules/options';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { SERVER_MESSAGES } from '../../server/messages';
import { COHORT_CACHE_MS } from '../../server/db/cohorts';
import { formatDay } from '../../machines/rules/landingCohort';
import { cohortNotice } from '../../machines/rules/seats';
import {
  asApplicant,
  cvForm,
  databases,
  decide,
  expectLaterStepsRefused,
  fieldErrors,
  financialAid,
  json,
  pdf,
  testApp,
  useTestApp,
  verifiedApplicant,
} from './support';
import { agreed, eligibility, employment, other } from '../support/answers';

const EMAIL = 'ada@example.com';
const goodEligibility = eligibility();

describe.each(databases)('the later steps on $name', (database) => {
  const t = useTestApp(database, { checkDocumentedAnswers: true });
  let cookie: string;
  beforeEach(async () => {
    cookie = await verifiedApplicant(t, EMAIL);
  });

  const applicant = asApplicant(EMAIL, () => ({ t, cookie }));
  const { post, upload, saved } = applicant;
  const complete = async () => {
    await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: goodEligibility });
    await upload(cvForm(EMAIL, pdf()));
    await post(paths.employment, { email: EMAIL, employment });
    await post(paths.other, { email: EMAIL, other });
  };

  it('scores eligibility itself and ignores what the browser claims', async () => {
    const answers = {
      ...goodEligibility,
      openness_to_tools: OPENNESS_TO_TOOLS[3].value,
      feedback_handling: FEEDBACK_HANDLING[3].value,
    };
    const res = await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: answers });
    expect(json(res)).toEqual({ message: 'Eligibility saved', data: { status: 'action_required' } });
    expect((await saved()).eligibility).toMatchObject({ ...answers, status: 'action_required' });
    // Scored action_required, it goes to staff at once (decision 008): submitted, its later steps still closed.
    expect((await saved()).stage).toBe('submitted');
  });

  it('refuses writes without the session (401) and with another applicant’s (403)', async () => {
    const body = { email: EMAIL, eligible: 'eligible', eligibility: goodEligibility };
    const none = await post(paths.eligibility, body, {});
    expect(none.statusCode).toBe(401);
    expect(json(none)).toEqual({
      message: SERVER_MESSAGES.needSession,
      data: { error: { email: [SERVER_MESSAGES.needSession] } },
    });
    const other = await verifiedApplicant(t, 'bola@example.com');
    const theirs = await post(paths.eligibility, body, { cookie: other });
    expect(theirs.statusCode).toBe(403);
    expect(json(theirs)).toEqual({
      message: SERVER_MESSAGES.notYours,
      data: { error: { email: [SERVER_MESSAGES.notYours] } },
    });
    expect((await saved()).eligibility.status).toBe('not measured');
  });

  it('refuses the later steps before the eligibility answers, changing nothing', async () => {
    const app = await expectLaterStepsRefused(EMAIL, applicant, SERVER_MESSAGES.eligibilityFirst);
    expect(app.submitted_at).toBe('');
  });

  it('stores employment and the open answers, checking conditional questions', async () => {
    await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: goodEligibility });
    const missing = await post(paths.employment, {
      email: EMAIL,
      employment: { ...employment, unemployment_duration: '' },
    });
    expect(json(missing).data).toEqual({
      error: { unemployment_duration: [employmentQuestions.unemployment_duration.message] },
    });
    expect(json(await post(paths.employment, { email: EMAIL, employment })).message).toBe('Employment saved');
    const noAnswers = await post(paths.other, { email: EMAIL, other: { ...other, distractions: ' ' } });
    expect(json(noAnswers).data).toEqual({ error: { distractions: [otherQuestions.distractions.message] } });
    expect((await post(paths.other, { email: EMAIL, other })).statusCode).toBe(200);
    const app = await saved();
    expect(app.employment).toEqual(employment);
    expect(app.other).toEqual(other);
  });

  it('keeps one current CV, checked by content, and replaces the file', async () => {
    const first = await upload(cvForm(EMAIL, pdf(4096), 'My CV.pdf'));
    expect(json(first)).toEqual({ message: 'CV uploaded', data: { filename: 'My CV.pdf', size: 4096 } });
    const second = await upload(cvForm(EMAIL, pdf(5000), 'new.pdf'));
    expect(second.statusCode).toBe(200);
    expect(readdirSync(t.storageDir)).toHaveLength(1);
    expect((await t.db.query('SELECT id FROM cvs')).rows).toHaveLength(1);
    expect((await saved()).cv).toEqual({ filename: 'new.pdf', size: 5000 });
  });

  it('refuses a program renamed .pdf and an 11 MB file, keeping nothing', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(20_000, 1)]);
    const renamed = await upload(cvForm(EMAIL, exe, 'cv.pdf'));
    expect(renamed.statusCode).toBe(415);
    expect(json(renamed)).toEqual({ message: MESSAGES.cvType, data: { error: { cv: [MESSAGES.cvType] } } });
    const huge = await upload(cvForm(EMAIL, pdf(11 * 1024 * 1024)));
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual({ message: MESSAGES.cvSize, data: { error: { cv: [MESSAGES.cvSize] } } });
    const none = await upload(cvForm(EMAIL, null));
    expect(json(none)).toEqual({ message: FIELD_MESSAGES.cv, data: { error: { cv: [FIELD_MESSAGES.cv] } } });
    expect(readdirSync(t.storageDir)).toHaveLength(0);
    expect((await t.db.query('SELECT id FROM cvs')).rows).toHaveLength(0);
  });

  it('refuses a CV without the session before storing it', async () => {
    const form = cvForm(EMAIL, pdf());
    const res = await t.app.inject({
      method: 'POST',
      url: paths.uploadCv,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(401);
    expect(readdirSync(t.storageDir)).toHaveLength(0);
  });

  it('refuses an incomplete submit and lists what is missing', async () => {
    await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: goodEligibility });
    const res = await post(paths.submit, {
      email: EMAIL,
      agreement: true,
      agreement1: false,
      agreement2: true,
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ message: string; data: { error: Record<string, string[]> } }>(res);
    expect(body.message).toBe(SERVER_MESSAGES.incomplete);
    expect(body.data.error).toMatchObject(
      fieldErrors('cv', 'employment_status', 'key_challenge', 'agreement1'),
    );
    expect(body.data.error.agreement).toBeUndefined();
    expect((await saved()).submitted_at).toBe('');
  });

  it("accepts a submission whose CV was emailed ('I have sent it') and keeps that flag for staff", async () => {
    await post(paths.eligibility, {
      email: EMAIL,
      eligible: 'eligible',
      eligibility: goodEligibility,
      cv_sent_by_email: true,
    });
    await post(paths.employment, { email: EMAIL, employment });
    await post(paths.other, { email: EMAIL, other });
    expect(await saved()).toMatchObject({ cv: null, cv_sent_by_email: true });
    const res = await post(paths.submit, { email: EMAIL, ...agreed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await saved()).stage).toBe('submitted');
    const { rows } = await t.db.query<{ cv_sent_by_email: boolean }>(
      'SELECT cv_sent_by_email FROM applications WHERE email = $1',
      [EMAIL],
    );
    expect(rows[0].cv_sent_by_email).toBe(true);
  });

  it('refuses a cv_sent_by_email that is not a boolean, and stores nothing', async () => {
    const res = await post(paths.eligibility, {
      email: EMAIL,
      eligible: 'eligible',
      eligibility: goodEligibility,
      cv_sent_by_email: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect((await saved()).cv_sent_by_email).toBe(false);
    expect((await saved()).eligibility.status).toBe('not measured');
  });

  it('submits a complete application into the open cohort, once, with one email', async () => {
    await complete();
    const res = await post(paths.submit, { email: EMAIL, ...agreed }, { cookie, [IDEMPOTENCY_HEADER]: 'k1' });
    expect(json(res)).toEqual({
      message: 'Application submitted',
      data: { cohort: { id: expect.any(Number), name: 'Cohort 13' }, waitlisted: false },
    });
    const again = await post(paths.submit, { email: EMAIL, ...agreed });
    expect(again.json()).toEqual(res.json());
    const confirmations = (await t.mails()).filter((m) => /application/i.test(m.subject));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0].text).toContain('Cohort 13');
    // The step it names comes with its link: the video page (decision 121).
    expect(confirmations[0].text).toContain('watch the short video from the Program Director');
    expect(confirmations[0].text).toContain('    http://localhost:3000/apply/selection-video\n');
    expect(confirmations[0].html).toContain('<a href="http://localhost:3000/apply/selection-video"');
    expect((await saved()).stage).toBe('submitted');
  });

  it('puts a late applicant on the next cohort’s waitlist and says so', async () => {
    await complete();
    t.setNow(new Date('2026-12-05T10:00:00Z'));
    const res = await post(paths.submit, { email: EMAIL, ...agreed });
    expect(json(res).data).toEqual({
      cohort: { id: expect.any(Number), name: 'Cohort 14' },
      waitlisted: true,
    });
    const mail = (await t.mails())[0];
    expect(mail.subject).toMatch(/waitlist for Cohort 14/);
    expect((await saved()).cohort).toMatchObject({ name: 'Cohort 14', waitlisted: true });
  });

  it('puts an applicant on the waitlist when the cohort is full', async () => {
    await complete();
    await t.db.query("UPDATE cohorts SET seats = 0 WHERE name = 'Cohort 13'");
    const res = await post(paths.submit, { email: EMAIL, ...agreed });
    expect(json(res).data).toMatchObject({ cohort: { name: 'Cohort 14' }, waitlisted: true });
  });

  it('counts seats by acceptances: 300 earlier submissions waitlist no one while seats are free (one seat model)', async () => {
    await complete();
    await t.db.query("UPDATE cohorts SET seats = 3 WHERE name = 'Cohort 13'");
    const cohort13 = (await t.db.query<{ id: number }>("SELECT id FROM cohorts WHERE name = 'Cohort 13'"))
      .rows[0].id;
    // Many submitted before, two of them accepted: one seat is still free, so this one stays in Cohort 13.
    for (const [i, status] of ['accepted', 'payment_chosen', ...Array(298).fill(null)].entries())
      await t.db.query(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           referral_detail, communication_consent, cohort_id, applied_cohort_id, submitted_at, review_status,
           created_at, updated_at)
         VALUES ($1, 'A', 'B', 'Female', 'Nigeria', 'Lagos', '+2348031234567', 'Friend', '', true, $2, $2, $3, $4, $3, $3)`,
        [`early${i}@example.com`, cohort13, t.now(), status],
      );
    const current = json<{ data: CohortInfo[] }>(
      await t.app.inject({ method: 'GET', url: paths.currentCohort }),
    );
    expect(current.data[0]).toMatchObject({ name: 'Cohort 13' });
    expect(current.data[0].full).toBeUndefined();
    const res = await post(paths.submit, { email: EMAIL, ...agreed });
    expect(json(res).data).toMatchObject({ cohort: { name: 'Cohort 13' }, waitlisted: false });
  });

  it('tells a new applicant before they start when the cohort is full, and which cohort they apply for', async () => {
    // Cohort 14 as an admin would have created it (the rule no longer keeps one ahead: decision 235).
    await t.db.query(
      "INSERT INTO cohorts (number, name, start_date, application_deadline, seats) VALUES (14, 'Cohort 14', '2027-03-10', '2027-03-03', 300)",
    );
    await t.db.query("UPDATE cohorts SET seats = 0 WHERE name = 'Cohort 13'");
    // The cohort answer is kept for COHORT_CACHE_MS; past that it is read anew.
    t.advance(COHORT_CACHE_MS + 1000);
    const res = await t.app.inject({ method: 'GET', url: paths.currentCohort });
    const [cohort] = json<{ data: CohortInfo[] }>(res).data;
    expect(cohort).toMatchObject({ name: 'Cohort 14', full: { name: 'Cohort 13' } });
    expect(cohortNotice(cohort)).toBe(
      `Cohort 13 is full, so new applications are for Cohort 14, which starts on ${formatDay(cohort.start_date)}. You can apply now and keep your place for it.`,
    );
    // An application started now is for Cohort 14, and stays there.
    const bola = await verifiedApplicant(t, 'bola@example.com');
    const lookup = await t.app.inject({
      method: 'GET',
      url: paths.lookup('bola@example.com'),
      headers: { cookie: bola },
    });
    expect(json<{ data: { cohort: { name: string } }[] }>(lookup).data[0].cohort).toMatchObject({
      name: 'Cohort 14',
    });
  });

  it('stores the payment option and the financial aid answers', async () => {
    const wrong = await post(paths.misc, {
      email: EMAIL,
      misc: { column_name: 'Other', payment_option: 'full' },
    });
    expect(wrong.statusCode).toBe(400);
    const choose = () =>
      post(paths.misc, {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT },
      });
    // A payment choice waits for the submission and the acceptance (server/standing.ts); then it is stored.
    const early = await choose();
    expect(early.statusCode).toBe(403);
    expect(json(early).message).toBe(SERVER_MESSAGES.paymentNotSubmitted);
    await complete();
    expect((await post(paths.submit, { email: EMAIL, ...agreed })).statusCode).toBe(200);
    await decide(t, EMAIL, 'ACCEPT');
    expect(json(await choose()).message).toBe('Financial info saved');
    const badAid = await post(paths.misc, {
      email: EMAIL,
      misc: {
        column_name: 'Financial Info',
        payment_option: '',
        data: { ...financialAid, has_laptop: 'maybe' },
      },
    });
    expect(json(badAid).data).toEqual({ error: { haveLaptop: [FIELD_MESSAGES.haveLaptop] } });
    await post(paths.misc, {
      email: EMAIL,
      misc: { column_name: 'Financial Info', payment_option: '', data: financialAid },
    });
    const app = await saved();
    expect(app.payment_option).toBe(OPTION_FULL_PAYMENT);
    expect(app.financial_aid).toEqual(financialAid);
  });

  it('stores a future reminder and the video progress, as JSON or multipart', async () => {
    const past = await post(paths.update(EMAIL), { email: EMAIL, reminderDate: '2026-11-01T10:00:00Z' });
    expect(json(past)).toEqual({
      message: SERVER_MESSAGES.reminderPast,
      data: { error: { reminderDate: [SERVER_MESSAGES.reminderPast] } },
    });
    const bad = await post(paths.update(EMAIL), { email: EMAIL, reminderDate: 'soon' });
    expect(json(bad).message).toBe(MESSAGES.dateInvalid);
    expect(
      (await post(paths.update(EMAIL), { email: EMAIL, reminderDate: '2026-11-30T09:15:00Z' })).statusCode,
    ).toBe(200);
    const boundary = 'xyz';
    const video = JSON.stringify({ videoProgress: 100, isVideoEnded: true, attemptCounter: 2 });
    const multipart = await t.app.inject({
      method: 'POST',
      url: paths.update(EMAIL),
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="videoData"\r\n\r\n${video}\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    const wrongVideo = await post(paths.update(EMAIL), {
      email: EMAIL,
      videoData: { videoProgress: 140, isVideoEnded: true, attemptCounter: 0 },
    });
    expect(json(wrongVideo).message).toBe(SERVER_MESSAGES.videoData);
    const app = await saved();
    expect(app.reminder_date).toBe('2026-11-30T09:15:00.000Z');
    expect(app.video).toEqual({ videoProgress: 100, isVideoEnded: true, attemptCounter: 2 });
    const { rows } = await t.db.query<{ reminder_sent_at: unknown }>(
      'SELECT reminder_sent_at FROM applications',
    );
    expect(rows[0].reminder_sent_at).toBeNull();
  });

  it('removes no file and changes nothing when a write is refused', async () => {
    const res = await post(paths.other, { email: 'someone@else.com', other }, { cookie });
    expect(res.statusCode).toBe(403);
    expect(existsSync(t.storageDir)).toBe(true);
    expect((await saved()).other.key_challenge).toBe('');
  });
});

describe('geolocation', () => {
  it('answers a fixed country, or 503 when no lookup is configured', async () => {
    const fixed = await testApp(databases[0], {
      config: { geo: { url: '', key: '', fixedCountry: 'Ghana' } },
    });
    expect(json(await fixed.app.inject({ method: 'GET', url: paths.geo })).data).toEqual({
      country_name: 'Ghana',
    });
    await fixed.close();
    const none = await testApp(databases[0]);
    const res = await none.app.inject({ method: 'GET', url: paths.geo });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ message: SERVER_MESSAGES.geoUnavailable, data: { country_name: '' } });
    await none.close();
  });

  it('passes an upstream limit through as 429 and reads country_name otherwise', async () => {
    const { createServer } = await import('node:http');
    let status = 429;
    const upstream = createServer((req, res) => {
      expect(req.url).toContain('apiKey=secret');
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ country_name: 'Kenya' }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as { port: number }).port;
    const t = await testApp(databases[0], {
      config: { geo: { url: `http://127.0.0.1:${port}/ipgeo`, key: 'secret', fixedCountry: '' } },
    });
    const limited = await t.app.inject({ method: 'GET', url: paths.geo });
    expect(limited.statusCode).toBe(429);
    status = 200;
    expect(json(await t.app.inject({ method: 'GET', url: paths.geo })).data).toEqual({
      country_name: 'Kenya',
    });
    await t.close();
    upstream.close();
  });
});
