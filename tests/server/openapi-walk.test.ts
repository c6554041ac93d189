/**
 * The OpenAPI document against every operation: one applicant's whole journey and every staff route, on a test app
 * that fails when it closes if a route answered a status its document does not list, or if an answer written with
 * its response schema differs from the same value written without one (a field the schema does not name is dropped;
 * `checkDocumentedAnswers` in tests/server/support.ts). Every operation must have answered a success at least once,
 * so that every success schema has met a real answer, the fullest one (CV, payment, financial aid, notes) included.
 */
import { selectionQuizPaths, type SelectionQuizSettings } from '../../machines/rules/selectionQuiz';
import { describe, expect, it } from 'vitest';
import { paths, type PaymentStartResult } from '../../machines/rules/contract';
import { type SavedApplication } from '../../machines/savedApplication';
import { OPTION_FINANCIAL_AID, PAYMENT_OPTIONS } from '../../machines/rules/payments';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { savedViewPaths } from '../../machines/rules/staff/savedViews';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { DEFAULT_RUBRIC, scorecardPaths } from '../../machines/rules/scorecard';
import { transferPath } from '../../machines/rules/staffRecord';
import { aidDecisionPathOf } from '../../machines/rules/aidDecision';
import { interviewPaths, type StaffInterviewSlots } from '../../machines/rules/interview';
import {
  cohortIntakePath,
  cohortSettingsPath,
  cohortSettingsPaths,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import { programmeSettingsPath } from '../../machines/rules/programmeSettings';
import { landingWordsPaths, type LandingWords } from '../../machines/rules/landingWords';
import { ANONYMOUS_STEPS } from '../../server/staff/funnel';
import { privacyPaths } from '../../machines/rules/privacy';
import { reportPaths } from '../../machines/rules/reports';
import { agreed, eligibility, employment, other } from '../support/answers';
import {
  applicant,
  cvForm,
  databases,
  financialAid,
  json,
  pdf,
  sessionCookie,
  staffSignIn,
  uploadCv,
  useTestApp,
} from './support';

const EMAIL = 'ada@example.com';
const ADMIN = 'director@bootcamp.example';
const REVIEWER = 'reviewer@bootcamp.example';
const at = (path: string, id: number | string) => path.replace(':id', String(id));

type Document = { paths: Record<string, Record<string, unknown>> };

describe.each(databases)('every operation of the OpenAPI document, walked on $name', (database) => {
  const t = useTestApp(database, {
    config: { staffEmails: [ADMIN], geo: { url: '', key: '', fixedCountry: 'Nigeria' } },
    checkDocumentedAnswers: true,
  });

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie = '',
    payload?: object | string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = async (status: number, ...args: Parameters<typeof request>) => {
    const res = await request(...args);
    expect(res.statusCode, `${args[0]} ${args[1]}: ${res.body.slice(0, 300)}`).toBe(status);
    return res;
  };

  it('answers a success on every operation, each one written whole by its schema and listed in the document', async () => {
    // The applicant's journey, from the landing page's first request to the payment.
    await ok(200, 'GET', paths.currentCohort);
    await ok(200, 'GET', paths.privacyNotice);
    await ok(200, 'GET', paths.geo);
    await ok(204, 'POST', paths.funnelStep, '', { step: ANONYMOUS_STEPS[0] });
    await ok(200, 'GET', paths.lookup(EMAIL));
    const created = await ok(201, 'POST', paths.create, '', applicant(EMAIL));
    t.advance(json<{ data: { retryAfter: number } }>(created).data.retryAfter * 1000);
    await ok(200, 'POST', paths.resendCode, '', { email: EMAIL });
    const verified = await ok(200, 'POST', paths.verifyEmail, '', {
      email: EMAIL,
      token: await t.latestCode(EMAIL),
    });
    const cookie = sessionCookie(verified);
    await ok(200, 'POST', paths.eligibility, cookie, {
      email: EMAIL,
      eligible: 'eligible',
      eligibility: eligibility(0),
    });
    expect((await uploadCv(t, cvForm(EMAIL, pdf()), cookie)).statusCode).toBe(200);
    await ok(200, 'POST', paths.employment, cookie, { email: EMAIL, employment });
    await ok(200, 'POST', paths.other, cookie, { email: EMAIL, other });
    await ok(200, 'POST', paths.submit, cookie, { email: EMAIL, ...agreed });
    await ok(200, 'POST', paths.update(EMAIL), cookie, {
      reminderDate: '2026-11-30T09:15:00Z',
      videoData: { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 },
    });

    // Staff: an admin decides, a reviewer looks; every route of the back office.
    const admin = await staffSignIn(t, ADMIN);
    await ok(200, 'GET', staffPaths.me, admin);
    await ok(201, 'POST', staffPaths.team, admin, { email: REVIEWER, role: 'reviewer' });
    const team = json<{ data: { id: number; email: string }[] }>(
      await ok(200, 'GET', staffPaths.team, admin),
    ).data;
    const reviewer = await staffSignIn(t, REVIEWER);
    await ok(200, 'GET', staffQueuePaths.cohorts, admin);
    const queue = json<{ data: StaffQueuePage }>(await ok(200, 'GET', staffQueuePaths.queue, admin)).data;
    const id = queue.rows[0].id;
    await ok(200, 'GET', staffQueuePaths.queue, reviewer);
    await ok(201, 'POST', at(staffPaths.notes, id), reviewer, { body: 'Strong answers' });
    await ok(200, 'GET', at(scorecardPaths.scorecards, id), reviewer);
    const ratings = Object.fromEntries(DEFAULT_RUBRIC.map((c) => [c.key, 4]));
    await ok(200, 'PUT', at(scorecardPaths.scorecards, id), reviewer, { ratings });
    // A second, agreeing review: one alone would keep the application from being accepted.
    await ok(200, 'PUT', at(scorecardPaths.scorecards, id), admin, { ratings });
    const rubric = scorecardPaths.rubric.replace(':number', String(queue.cohort.number));
    await ok(200, 'GET', rubric, reviewer);
    await ok(200, 'PUT', rubric, admin, {
      criteria: DEFAULT_RUBRIC.map(({ label, guidance }) => ({ label, guidance })),
    });
    await ok(200, 'GET', at(staffPaths.cv, id), reviewer);
    // The interview stage: switched on, two slots offered and one removed, the invite, the applicant's booking.
    const cohortPath = (path: string) => path.replace(':number', String(queue.cohort.number));
    await ok(200, 'PUT', cohortPath(interviewPaths.setting), admin, { on: true });
    const slotAt = (hours: number) => new Date(t.now().getTime() + hours * 3_600_000).toISOString();
    await ok(200, 'POST', cohortPath(interviewPaths.slots), admin, { start: slotAt(24), minutes: 30 });
    const offered = json<{ data: StaffInterviewSlots }>(
      await ok(200, 'POST', cohortPath(interviewPaths.slots), admin, { start: slotAt(48), minutes: 45 }),
    ).data.slots;
    await ok(200, 'GET', cohortPath(interviewPaths.slots), reviewer);
    await ok(200, 'DELETE', at(interviewPaths.slot, offered[1].id), admin);
    await ok(200, 'POST', at(staffPaths.events, id), admin, { type: 'INVITE_TO_INTERVIEW' });
    await ok(200, 'GET', interviewPaths.applicant, cookie);
    await ok(200, 'POST', interviewPaths.applicant, cookie, { slot: offered[0].id });
    // The applicant withdraws (decision 250), and an admin reopens the application.
    await ok(200, 'POST', paths.withdraw, cookie);
    await ok(200, 'POST', at(staffPaths.events, id), admin, { type: 'REOPEN' });
    // The bank details and support address (decision 247): every member reads, an admin saves.
    await ok(200, 'GET', programmeSettingsPath, reviewer);
    await ok(200, 'POST', programmeSettingsPath, admin, {
      bank_name: 'First Bank',
      bank_account_name: 'The Employment Bootcamp Ltd',
      bank_account_number: '0123456789',
      support_email: 'hello@bootcamp.example',
    });
    await ok(200, 'POST', at(tagsPaths.tags, id), reviewer, { tag: 'Call back' });
    await ok(200, 'GET', at(tagsPaths.tags, id), reviewer);
    await ok(200, 'DELETE', at(tagsPaths.tag, id).replace(':tag', 'call%20back'), reviewer);
    const view = await ok(200, 'POST', savedViewPaths.views, reviewer, {
      name: 'Lagos',
      query: 'country=Nigeria',
    });
    await ok(200, 'POST', savedViewPaths.views, reviewer, { name: 'lagos', query: 'tag=call%20back' });
    await ok(200, 'GET', savedViewPaths.views, reviewer);
    await ok(200, 'DELETE', at(savedViewPaths.view, json<{ data: { id: number } }>(view).data.id), reviewer);
    await ok(200, 'POST', at(staffPaths.events, id), admin, { type: 'ACCEPT' });
    await ok(200, 'POST', staffQueuePaths.bulk, admin, { event: 'WAITLIST', ids: [id], dryRun: true });
    const reviewerId = team.find((m) => m.email === REVIEWER)!.id;
    await ok(200, 'POST', staffQueuePaths.assign, admin, {
      filter: {},
      reviewers: [reviewerId],
      dryRun: true,
    });
    await ok(200, 'POST', `${staffQueuePaths.bulkCsv}?dryRun=1`, admin, `email,decision\n${EMAIL},reject\n`);
    await ok(200, 'GET', staffQueuePaths.exportCsv, admin);
    await ok(200, 'GET', staffQueuePaths.cvsZip, admin);
    await ok(200, 'GET', staffQueuePaths.funnel, admin);
    await ok(200, 'GET', `${reportPaths.reports}?per=week`, reviewer);
    await ok(200, 'GET', staffPaths.templates, admin);
    // Cohorts in the back office (decision 235): the list, the rule's next cohort created, changed, paused, reopened.
    const { suggestion } = json<{ data: StaffCohortSettings }>(
      await ok(200, 'GET', cohortSettingsPaths.cohorts, reviewer),
    ).data;
    const { number: next, ...settings } = suggestion;
    await ok(201, 'POST', cohortSettingsPaths.cohorts, admin, settings);
    await ok(200, 'POST', cohortSettingsPath(next), admin, { ...settings, seats: '250' });
    await ok(200, 'POST', cohortIntakePath(next), admin, { action: 'pause', reopens_on: null });
    await ok(200, 'POST', cohortIntakePath(next), admin, { action: 'reopen' });
    // The selection video and quiz (decision 245): the applicant's version, the back office's, the next published.
    await ok(200, 'GET', paths.selectionQuiz, cookie);
    const quiz = json<{ data: { current: SelectionQuizSettings } }>(
      await ok(200, 'GET', selectionQuizPaths.settings, reviewer),
    ).data.current;
    await ok(200, 'POST', selectionQuizPaths.settings, admin, {
      video_url: quiz.video_url,
      poster_url: quiz.poster_url,
      captions_url: quiz.captions_url,
      questions: [{ ...quiz.questions[0]!, text: 'How long is the bootcamp?' }],
    });
    // The landing page's words (decision 246): every member reads, an admin saves a draft and publishes it.
    const published = json<{ data: { published: LandingWords; version: number } }>(
      await ok(200, 'GET', landingWordsPaths.words, reviewer),
    ).data;
    const landing = { ...published.published, faq: published.published.faq.slice(0, 3) };
    await ok(200, 'POST', landingWordsPaths.draft, admin, { words: landing });
    await ok(200, 'POST', landingWordsPaths.publish, admin, { words: landing, version: published.version });
    const accepted = staffPaths.template.replace(':kind', 'accepted');
    await ok(200, 'POST', accepted, admin, {
      subject: 'Welcome, {{firstname}}',
      body: '{{greeting}}\n\nWelcome.',
    });
    await ok(200, 'DELETE', accepted, admin);
    const words = { subject: 'Your video', body: '{{greeting}}\n\nPlease watch it.' };
    await ok(200, 'POST', at(staffPaths.message, id), admin, words);
    await ok(200, 'POST', staffPaths.messages, admin, { ...words, filter: {}, dryRun: true });
    await ok(200, 'POST', staffPaths.messages, admin, { ...words, filter: {} });

    // The decision released, the applicant chooses, pays, and reads it all back.
    t.advance(DECISION_UNDO_MINUTES * 60_000);
    await ok(200, 'GET', paths.standing, cookie);
    await ok(200, 'POST', paths.misc, cookie, {
      email: EMAIL,
      misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
    });
    // An admin declines the aid (decision 238): the options stay the price table's.
    await ok(200, 'POST', aidDecisionPathOf(id), admin, { decision: 'decline' });
    await ok(200, 'GET', aidDecisionPathOf(id), reviewer);
    const option = PAYMENT_OPTIONS.nigeria.find((o) => o.portal)!.value;
    const started = await ok(201, 'POST', paths.paymentStart, cookie, {
      email: EMAIL,
      option,
      country: 'Nigeria',
    });
    const { order } = json<{ data: PaymentStartResult }>(started).data;
    // The applicant paid by bank transfer too: an admin records it, and the portal payment is then a duplicate.
    await ok(200, 'POST', at(transferPath, id), admin, { reference: 'GTB-20261124-0042' });
    await ok(200, 'POST', paths.paymentVerify, cookie, { email: EMAIL, reference: order.merchant_reference });
    const saved = json<{ data: SavedApplication[] }>(await ok(200, 'GET', paths.lookup(EMAIL), cookie))
      .data[0];
    expect(saved.payment?.status).toBe('paid');
    expect(saved.financial_aid).toEqual(financialAid);
    expect(saved.cv).toEqual({ filename: 'cv.pdf', size: 2048 });
    await ok(200, 'GET', paths.lookup(EMAIL));

    await ok(200, 'GET', at(staffPaths.application, id), admin);
    await ok(200, 'GET', at(staffPaths.application, id), reviewer);
    await ok(200, 'GET', staffPaths.audit, admin);
    await ok(200, 'GET', `${staffPaths.audit}?action=review_event&applicant=ada`, admin);
    // Data protection: an admin's export for a request by email, the applicant's own download, and a second
    // applicant who erases their own data.
    await ok(200, 'GET', at(privacyPaths.staffExport, id), admin);
    await ok(200, 'GET', privacyPaths.download, cookie);
    const OTHER = 'bola@example.com';
    await ok(201, 'POST', paths.create, '', applicant(OTHER));
    const otherCookie = sessionCookie(
      await ok(200, 'POST', paths.verifyEmail, '', { email: OTHER, token: await t.latestCode(OTHER) }),
    );
    await ok(200, 'POST', privacyPaths.erase, otherCookie, { confirm: true });
    await ok(200, 'DELETE', at(staffPaths.teamMember, team.find((m) => m.email === REVIEWER)!.id), admin);
    await ok(200, 'POST', paths.signOut, cookie);
    await ok(200, 'POST', at(privacyPaths.staffErase, id), admin, { confirm: true });
    await ok(200, 'POST', staffPaths.signOut, admin);

    const document = t.app.swagger() as unknown as Document;
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const succeeded = new Set(
      t
        .answers()
        .filter((answer) => / 2\d\d$/.test(answer))
        .map((answer) =>
          answer
            .split(' ')
            .slice(0, 2)
            .join(' ')
            .replace(/:(\w+)/g, '{$1}'),
        ),
    );
    expect(operations.length).toBeGreaterThanOrEqual(37);
    expect(operations.filter((operation) => !succeeded.has(operation))).toEqual([]);
  });
});
