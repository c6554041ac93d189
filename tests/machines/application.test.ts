import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  applicationMachine,
  currentScreen,
  progressOf,
  resolveRoute,
  resumeState,
  ROUTES,
  type PersistedApplication,
} from '../../machines/application.machine';
import { privacyNoticeVersion } from '../../machines/rules/privacy';
import { messages as COMMUNICATIONS } from '../../machines/steps/communications';
import { otpTimerMachine } from '../../machines/otpTimer.machine';
import type { Standing } from '../../machines/review.machine';
import { ELIGIBILITY_STATUSES, FIELD_MESSAGES, MESSAGES, opensLaterSteps } from '../../machines/rules';
import { STEP_FIELDS, type ApplicationForm } from '../../machines/applicationForm';
import { coveringPaths, cvFile, GOOD, MODEL_EMAIL, MODEL_INPUT, SAVED_VARIANTS } from './application.model';
import { replay, stateIds, transitionKeys } from './support/graphReplay';
import { persisted } from '../support/persisted';
import type { SavedApplication } from '../../machines/savedApplication';

const ACTORS = [
  'loadCohort',
  'lookupApplication',
  'createApplication',
  'sendCode',
  'verifyCode',
  'saveEligibility',
  'uploadCv',
  'saveEmployment',
  'submitApplication',
  'signOut',
  'loadStanding',
  'otpTimer',
  'videoQuiz',
  'paymentChoice',
  'reminder',
] as const;

describe('application machine: generated paths', () => {
  const paths = coveringPaths();

  it('take every state and every transition of the definition', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      const result = replay(applicationMachine, ACTORS, MODEL_INPUT, path, (snapshot) => {
        // Every snapshot that is not the boot state is on a screen with a route and a step.
        if (!snapshot.matches('boot'))
          expect(currentScreen(snapshot as never)?.path).toMatch(/^\/(apply|failed)/);
      });
      result.visited.forEach((s) => visited.add(s));
      result.taken.forEach((t) => taken.add(t));
    }
    expect(stateIds(applicationMachine).filter((id) => !visited.has(id))).toEqual([]);
    expect(transitionKeys(applicationMachine).filter((k) => !taken.has(k))).toEqual([]);
    expect(paths.length).toBeGreaterThan(50);
  });
});

describe('route table (docs/product.md §2.2)', () => {
  const fresh = persisted();
  const started = persisted({ started: true });
  const verified = persisted({ started: true, form: { email_verified_at: '2026-11-23T00:00:00Z' } });
  const eligible = persisted({
    started: true,
    form: { email_verified_at: '2026-11-23T00:00:00Z', eligibilityStatus: 'eligible' },
  });
  const submitted = persisted({ ...eligible, submitted: true });

  it.each([
    ['/apply', 'fresh', fresh, 'getStarted'],
    ['/apply/biodata', 'fresh', fresh, 'getStarted'],
    ['/apply/communications', 'fresh', fresh, 'getStarted'],
    ['/apply/verify-email', 'fresh', fresh, 'getStarted'],
    ['/apply/eligibility', 'fresh', fresh, 'getStarted'],
    ['/apply/employment', 'fresh', fresh, 'getStarted'],
    ['/apply/success', 'fresh', fresh, 'getStarted'],
    ['/apply/biodata', 'started', started, 'biodata'],
    ['/apply/communications', 'started', started, 'communications'],
    ['/apply/verify-email', 'started', started, 'verifyEmail'],
    ['/apply/eligibility', 'started', started, 'verifyEmail'],
    ['/apply/employment', 'started', started, 'verifyEmail'],
    ['/apply/verify-email', 'verified', verified, 'eligibility'],
    ['/apply/eligibility', 'verified', verified, 'eligibility'],
    ['/apply/employment', 'verified', verified, 'eligibility'],
    ['/apply/employment', 'eligible', eligible, 'employment'],
    ['/apply/success', 'eligible', eligible, 'other'],
    ['/apply/success', 'submitted', submitted, 'success'],
    ['/apply/other', 'fresh', fresh, 'getStarted'],
    ['/apply/other', 'started', started, 'verifyEmail'],
    ['/apply/other', 'eligible', eligible, 'other'],
    ['/apply/selection-video', 'fresh', fresh, 'selectionVideo'],
    ['/apply/confirmation', 'fresh', fresh, 'confirmation'],
    ['/apply/biodata/', 'started', started, 'biodata'],
    ['/apply/nowhere', 'started', started, null],
  ] as const)('%s when %s goes to %s', (path, _label, context, expected) => {
    expect(resolveRoute(context, path)).toBe(expected);
  });

  // Issue 23: a proved applicant the server would refuse (server/routes/guard.ts, opensLaterSteps) is never shown
  // a later step's form; they stay on their eligibility answers or result.
  describe.each(ELIGIBILITY_STATUSES)('a proved applicant scored %s', (status) => {
    const proved = persisted({
      started: true,
      existing: true,
      form: { email_verified_at: '2026-11-23T00:00:00Z', eligibilityStatus: status },
    });
    const later = ROUTES.filter((r) => ['eligible', 'submitted'].includes(r.access));

    it.each(later.map((r) => [r.path, r.state] as const))(
      'asking for %s sees that step only where the server takes it',
      (path, state) => {
        const open = opensLaterSteps(status);
        const expected = !open ? 'eligibility' : state === 'success' ? 'other' : state;
        expect(resolveRoute(proved, path)).toBe(expected);
        expect(resumeState(proved)).toBe(open ? 'employment' : 'eligibility');
      },
    );

    it('typing /apply/other shows the eligibility screen, not the open questions, unless scored eligible', () => {
      const actor = createActor(applicationMachine, { input: { persisted: proved, now: () => 0 } }).start();
      actor.send({ type: 'NAVIGATE', path: '/apply/other' });
      const snapshot = actor.getSnapshot();
      if (opensLaterSteps(status)) expect(snapshot.matches({ other: 'editing' })).toBe(true);
      else {
        expect(currentScreen(snapshot)?.path).toBe('/apply/eligibility');
        const shown = status === 'not measured' ? 'editing' : 'result';
        expect(snapshot.matches({ eligibility: { answers: shown } })).toBe(true);
      }
      actor.stop();
    });
  });

  it('the later steps of the route table are exactly the ones the server keeps for eligible applications', () => {
    expect(ROUTES.filter((r) => r.access === 'eligible').map((r) => r.path)).toEqual([
      '/apply/employment',
      '/apply/other',
    ]);
    expect(ELIGIBILITY_STATUSES.filter(opensLaterSteps)).toEqual(['eligible']);
  });

  it('resumes a returning applicant on the furthest screen', () => {
    expect(resumeState(verified)).toBe('eligibility');
    expect(resumeState(eligible)).toBe('employment');
    expect(resumeState(persisted({ ...eligible, form: { ...eligible.form, employment_status: 'x' } }))).toBe(
      'other',
    );
    expect(resumeState(submitted)).toBe('success');
    expect(resumeState(persisted({ ...submitted, form: { ...submitted.form, isVideoEnded: true } }))).toBe(
      'confirmation',
    );
  });

  it('a returning applicant who reached the confirmation gets it back, with the reminder the server holds', async () => {
    const { actor } = owner(SAVED_VARIANTS[4]);
    getStarted(actor);
    await waitFor(actor, (s) => s.matches('confirmation'));
    expect(actor.getSnapshot().context).toMatchObject({
      reminderSet: true,
      reminderDate: '2026-12-01T09:00:00.000Z',
    });
  });

  it('every route has a screen state whose meta names it', () => {
    // The standing is asked and never answered: only the routes are under test here.
    const quiet = applicationMachine.provide({
      actors: { loadStanding: fromPromise(() => new Promise(() => {})) },
    });
    const open = (context: PersistedApplication) =>
      createActor(quiet, { input: { persisted: context, now: () => 0 } }).start();
    const actor = open(submitted);
    for (const { path } of ROUTES.filter((r) => r.state !== 'verifyEmail')) {
      actor.send({ type: 'NAVIGATE', path });
      expect(currentScreen(actor.getSnapshot())?.path).toBe(path);
    }
    const unverified = open(started);
    unverified.send({ type: 'NAVIGATE', path: '/apply/verify-email' });
    expect(currentScreen(unverified.getSnapshot())?.path).toBe('/apply/verify-email');
  });
});

describe('the confirmation follows where the application stands', () => {
  const returning = (standing?: Standing) =>
    owner(
      SAVED_VARIANTS[4],
      standing ? { loadStanding: () => ({ standing, cohort: { id: 6, name: 'Cohort 6', number: 6 } }) } : {},
    );
  const signIn = async (actor: ReturnType<typeof live>['actor']) => {
    getStarted(actor);
    await waitFor(
      actor,
      (s) => s.matches('confirmation') && !s.matches({ confirmation: { standing: 'loading' } }),
    );
  };

  it.each([
    ['accepted', 'accepted'],
    ['under_review', 'underReview'],
    ['waitlisted', 'waitlisted'],
    ['not_successful', 'notSuccessful'],
    ['withdrawn', 'withdrawn'],
  ] as const)(
    '%s → %s; only an accepted applicant gets the payment choice and the reminder',
    async (standing, step) => {
      const { actor, calls } = returning(standing);
      await signIn(actor);
      const s = actor.getSnapshot();
      expect(s.matches({ confirmation: { standing: step } })).toBe(true);
      expect(s.context.standing?.standing).toBe(standing);
      expect(Boolean(s.children.paymentChoice)).toBe(standing === 'accepted');
      expect(Boolean(s.children.reminder)).toBe(standing === 'accepted');
      expect(calls.filter((c) => c.src === 'loadStanding')).toHaveLength(1);
    },
  );

  it('a browser that has proved nothing is asked to sign in, and the server is not asked', () => {
    const { actor, calls } = live({});
    actor.send({ type: 'NAVIGATE', path: '/apply/confirmation' });
    const s = actor.getSnapshot();
    expect(s.matches({ confirmation: { standing: 'signedOut' } })).toBe(true);
    expect(s.children.paymentChoice).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('a failed check says so and asks again on RETRY', async () => {
    const { actor } = returning();
    await signIn(actor);
    expect(actor.getSnapshot().matches({ confirmation: { standing: 'unavailable' } })).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBe('unexpected call to loadStanding');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches({ confirmation: { standing: 'loading' } })).toBe(true);
  });
});

describe('the video page opened signed out: the submission email on another phone (decision 243)', () => {
  // Submitted, video not watched yet (SAVED_VARIANTS[3]), proved on this phone only by the emailed code.
  const anotherPhone = () =>
    provedByCode('submitted', SAVED_VARIANTS[3], {
      loadStanding: () => ({ standing: 'under_review', cohort: { id: 13, name: 'Cohort 13', number: 13 } }),
    });
  const signInByCode = async (actor: ReturnType<typeof live>['actor']) => {
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: MODEL_EMAIL });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ verifyEmail: 'entering' }));
    actor.send({ type: 'CODE.CHANGE', value: '123456' });
    actor.send({ type: 'SAVE' });
  };

  it('plays for anyone, offers the sign-in, and brings the signed-in applicant back to the video', async () => {
    const { actor } = anotherPhone();
    actor.send({ type: 'NAVIGATE', path: '/apply/selection-video' });
    expect(actor.getSnapshot().matches('selectionVideo')).toBe(true);
    expect(actor.getSnapshot().children.videoQuiz).toBeDefined();
    expect(actor.getSnapshot().can({ type: 'SIGN_IN' })).toBe(true);

    actor.send({ type: 'SIGN_IN' });
    expect(actor.getSnapshot().matches('getStarted')).toBe(true);
    expect(actor.getSnapshot().context.signingIn).toBe(true);
    await signInByCode(actor);
    await waitFor(actor, (s) => s.matches('selectionVideo'));
    const s = actor.getSnapshot();
    expect(s.context.form.email).toBe(MODEL_EMAIL);
    // Signed in now: no sign-in offered, and the quiz saves for this applicant.
    expect(s.can({ type: 'SIGN_IN' })).toBe(false);
    expect(s.context.signInReturn).toBeNull();
  });

  it('a sign-in ended by opening an address resumes where the application stands, not on the video', async () => {
    const { actor } = anotherPhone();
    actor.send({ type: 'NAVIGATE', path: '/apply/selection-video' });
    actor.send({ type: 'SIGN_IN' });
    actor.send({ type: 'NAVIGATE', path: '/apply' });
    await signInByCode(actor);
    const resumed = await waitFor(actor, (s) => s.matches('success') || s.matches('selectionVideo'));
    expect(resumed.matches('success')).toBe(true);
  });

  it('a signed-in applicant on the video page is offered no sign-in', async () => {
    const { actor } = owner(SAVED_VARIANTS[3]);
    getStarted(actor);
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().matches('selectionVideo')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SIGN_IN' })).toBe(false);
  });
});

describe('progress', () => {
  it('is 16.67% × step with an N of 5 counter, and the last step is not "6 of 5"', () => {
    expect(progressOf(1)).toEqual({ percentage: 16.67, counter: '1 of 5' });
    expect(progressOf(2)).toEqual({ percentage: 33.34, counter: '2 of 5' });
    expect(progressOf(5)).toEqual({ percentage: 83.35, counter: '5 of 5' });
    expect(progressOf(6)).toEqual({ percentage: 100, counter: 'Final step' });
  });
});

/** A live actor with scripted server answers. */
function live(server: Partial<Record<(typeof ACTORS)[number], (input: never) => unknown>>, input = {}) {
  const calls: { src: string; input: unknown }[] = [];
  const promise = (src: (typeof ACTORS)[number]) =>
    fromPromise(async ({ input: i }: { input: never }) => {
      calls.push({ src, input: i });
      const answer = server[src];
      if (!answer) throw new Error(`unexpected call to ${src}`);
      return answer(i);
    });
  const machine = applicationMachine.provide({
    actors: {
      loadCohort: promise('loadCohort'),
      lookupApplication: promise('lookupApplication'),
      createApplication: promise('createApplication'),
      sendCode: promise('sendCode'),
      verifyCode: promise('verifyCode'),
      saveEligibility: promise('saveEligibility'),
      saveEmployment: promise('saveEmployment'),
      submitApplication: promise('submitApplication'),
      loadStanding: promise('loadStanding'),
      uploadCv: fromCallback(() => () => undefined),
      otpTimer: otpTimerMachine.provide({ actors: { clock: fromCallback(() => () => undefined) } }),
    } as never,
  });
  const actor = createActor(machine, { input: { now: () => 1_000, ...input } }).start();
  return { actor, calls };
}

/** A live actor in Cohort 6 whose email finds the applicant's own `application` (their session is on this device). */
function owner(application: SavedApplication, server: Parameters<typeof live>[0] = {}) {
  return live({
    loadCohort: () => ({ id: 6, name: 'Cohort 6' }),
    lookupApplication: () => ({ kind: 'owner', application }),
    ...server,
  });
}

/**
 * A live actor in Cohort 13 whose email finds an application at `stage` with no session on this device: a code is
 * sent (the next in 2 minutes), and the code proves it and loads `application`.
 */
function provedByCode(stage: string, application: SavedApplication, server: Parameters<typeof live>[0] = {}) {
  return live({
    loadCohort: () => ({ id: 13, name: 'Cohort 13' }),
    lookupApplication: () => ({ kind: 'exists', summary: { exists: true, stage, email_verified: true } }),
    sendCode: () => ({ message: 'OTP sent successfully', retryAfter: 120 }),
    verifyCode: () => application,
    ...server,
  });
}

/** The first screen, as the applicant meets it: /apply opened, their email typed, and saved. */
function getStarted(actor: ReturnType<typeof live>['actor'], email = MODEL_EMAIL) {
  actor.send({ type: 'NAVIGATE', path: '/apply' });
  actor.send({ type: 'FIELD.CHANGE', field: 'email', value: email });
  actor.send({ type: 'SAVE' });
}

const fill = (actor: ReturnType<typeof live>['actor'], fields: readonly (keyof ApplicationForm)[]) =>
  fields.forEach((field) => actor.send({ type: 'FIELD.CHANGE', field, value: GOOD[field]! }));

describe('application machine: the rules it encodes', () => {
  it("'Start new application' resets the form but keeps the email and the referral code", async () => {
    const { actor } = live(
      { loadCohort: () => ({ id: 13, name: 'Cohort 13' }), lookupApplication: () => ({ kind: 'new' }) },
      { referralCode: 'AMB-42', persisted: persisted({ form: { firstname: 'Old', email: 'x@y.zz' } }) },
    );
    getStarted(actor, ` ${MODEL_EMAIL} `);
    await waitFor(actor, (s) => s.matches('biodata'));
    const { form, started, existing } = actor.getSnapshot().context;
    expect({
      firstname: form.firstname,
      email: form.email,
      referrer: form.referrer,
      started,
      existing,
    }).toEqual({
      firstname: '',
      email: MODEL_EMAIL,
      referrer: 'AMB-42',
      started: true,
      existing: false,
    });
  });

  it('an existing application is not loaded from the email alone: a code is sent first', async () => {
    const { actor, calls } = provedByCode('employment', SAVED_VARIANTS[2]);
    getStarted(actor);
    await waitFor(actor, (s) => s.matches({ verifyEmail: 'entering' }));
    expect(actor.getSnapshot().context.form.firstname).toBe('');
    expect(actor.getSnapshot().context.otp.availableAt).toBe(1_000 + 120_000);
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.errors).toEqual({ token: [MESSAGES.otpRequired] });
    actor.send({ type: 'CODE.CHANGE', value: '123456' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('other'));
    expect(actor.getSnapshot().context.form.firstname).toBe('Ada');
    expect(calls.map((c) => c.src)).toEqual(['loadCohort', 'lookupApplication', 'sendCode', 'verifyCode']);
  });

  it('creates the application once confirmed, with a cleaned phone, consent as Yes/No and the privacy notice’s version agreed to', async () => {
    const start = persisted({ started: true, form: { email: MODEL_EMAIL } });
    const next = live(
      { createApplication: () => ({ retryAfter: 120 }) },
      { persisted: start, referralCode: 'REF1' },
    );
    next.actor.send({ type: 'NAVIGATE', path: '/apply/biodata' });
    fill(next.actor, ['firstname', 'lastname', 'gender', 'country', 'city']);
    next.actor.send({ type: 'SAVE' });
    expect(next.actor.getSnapshot().matches('communications')).toBe(true);
    next.actor.send({ type: 'FIELD.CHANGE', field: 'phone', value: '+234 (803) 123-4567' });
    next.actor.send({
      type: 'FIELD.CHANGE',
      field: 'referral_source',
      value: 'It was recommended by a friend or a family member',
    });
    next.actor.send({ type: 'FIELD.CHANGE', field: 'communication_consent', value: false });
    next.actor.send({ type: 'SAVE' });
    expect(next.actor.getSnapshot().context.errors).toEqual({
      referral_detail: [COMMUNICATIONS.referral_detail],
      privacy_consent: [COMMUNICATIONS.privacy_consent],
    });
    next.actor.send({ type: 'FIELD.CHANGE', field: 'referral_detail', value: 'Chioma' });
    next.actor.send({ type: 'FIELD.CHANGE', field: 'privacy_consent', value: true });
    next.actor.send({ type: 'SAVE' });
    expect(next.actor.getSnapshot().matches({ communications: 'confirming' })).toBe(true);
    next.actor.send({ type: 'CANCEL' });
    expect(next.actor.getSnapshot().context.form.referral_detail).toBe('Chioma');
    next.actor.send({ type: 'SAVE' });
    next.actor.send({ type: 'CONFIRM' });
    await waitFor(next.actor, (s) => s.matches({ communications: 'codeSent' }));
    expect(next.calls[0].input).toMatchObject({
      phone: '+2348031234567',
      referred_by: 'REF1',
      communications: {
        referral_detail: 'Chioma',
        communication_consent: 'No',
        privacy_notice_version: privacyNoticeVersion(),
      },
    });
  });

  it('the server decides eligibility: its status replaces the one computed here', async () => {
    const eligibleForm = {
      started: true,
      existing: true,
      form: { email: MODEL_EMAIL, email_verified_at: 'yes', hasUploadedCV: true },
    };
    const { actor, calls } = live(
      { saveEligibility: () => ({ status: 'ineligible' }) },
      { persisted: persisted(eligibleForm) },
    );
    actor.send({ type: 'NAVIGATE', path: '/apply/eligibility' });
    fill(actor, STEP_FIELDS.eligibility);
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ eligibility: { answers: 'result' } }));
    expect(calls[0].input).toMatchObject({ eligible: 'eligible' });
    expect(actor.getSnapshot().context.form.eligibilityStatus).toBe('ineligible');
    actor.send({ type: 'PROCEED' });
    actor.send({ type: 'NAVIGATE', path: '/apply/employment' });
    expect(actor.getSnapshot().matches('eligibility')).toBe(true);
  });

  it('eligibility needs a CV, and refuses a wrong file before any upload', () => {
    const { actor } = live(
      {},
      { persisted: persisted({ started: true, form: { email_verified_at: 'yes' } }) },
    );
    actor.send({ type: 'NAVIGATE', path: '/apply/eligibility' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.errors.cv).toEqual([FIELD_MESSAGES.cv]);
    actor.send({ type: 'CV.SELECT', file: cvFile('photo.png') });
    expect(actor.getSnapshot().context.errors.cv).toEqual([MESSAGES.cvType]);
    expect(actor.getSnapshot().matches({ eligibility: { cv: 'idle' } })).toBe(true);
    actor.send({ type: 'CV.HELP' });
    actor.send({ type: 'CV.SENT' });
    expect(actor.getSnapshot().context.form.hasUploadedCV).toBe(true);
    expect(actor.getSnapshot().context.errors.cv).toBeUndefined();
  });

  it('a file the server refuses leaves the field: its name goes, the kept CV and the reason stay', () => {
    const { actor } = live(
      {},
      {
        persisted: persisted({
          started: true,
          form: { email_verified_at: 'yes', pdf: 'ada-cv.pdf', hasUploadedCV: true },
        }),
      },
    );
    actor.send({ type: 'NAVIGATE', path: '/apply/eligibility' });
    actor.send({ type: 'CV.SELECT', file: cvFile('renamed.pdf') });
    expect(actor.getSnapshot().context.cvFile?.name).toBe('renamed.pdf');
    actor.send({ type: 'UPLOAD.FAILED', message: MESSAGES.cvType, errors: { cv: [MESSAGES.cvType] } });
    const { context } = actor.getSnapshot();
    // The field names cvFile while it is set (src/wizard/CvUpload.tsx): the refused file must not stay named.
    expect(context.cvFile).toBeNull();
    expect(context.form.pdf).toBe('ada-cv.pdf');
    expect(context.errors.cv).toEqual([MESSAGES.cvType]);
  });

  it('Communications of an application whose email is proved goes on to eligibility, with no code sent', () => {
    const proved = persisted({
      started: true,
      existing: true,
      form: { ...(GOOD as Partial<ApplicationForm>), email: MODEL_EMAIL, email_verified_at: 'yes' },
    });
    const { actor, calls } = live({}, { persisted: proved });
    actor.send({ type: 'NAVIGATE', path: '/apply/communications' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('eligibility')).toBe(true);
    expect(calls).toEqual([]);
    // Not proved: the saved bio data and contact details wait behind the code.
    const unproved = persisted({ ...proved, form: { ...proved.form, email_verified_at: '' } });
    expect(resolveRoute(unproved, '/apply/communications')).toBe('verifyEmail');
    expect(resolveRoute(unproved, '/apply/biodata')).toBe('verifyEmail');
  });

  it('a persisted application resumes where it was, with its answers', () => {
    const saved = persisted({
      started: true,
      existing: true,
      form: { email: MODEL_EMAIL, firstname: 'Ada', email_verified_at: 'yes' },
    });
    const { actor } = live({}, { persisted: saved });
    actor.send({ type: 'NAVIGATE', path: '/apply/eligibility' });
    expect(actor.getSnapshot().matches('eligibility')).toBe(true);
    expect(actor.getSnapshot().context.form.firstname).toBe('Ada');
  });
});
