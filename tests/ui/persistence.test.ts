/**
 * What survives a reload (src/app/persistence.ts): the stored application, the referral code, and an actor
 * created from storage landing where the last one was, with the same answers.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import {
  applicationMachine,
  currentScreen,
  progressOf,
  type ApplicationMachineContext,
  type ApplicationInput,
  type PersistedApplication,
} from '../../machines/application.machine';
import { type CreatePayload } from '../../machines/steps/communications';
import { type EligibilityStatus, type SubmitResult } from '../../machines/rules';
import { type LookupResult, type SavedApplication } from '../../machines/savedApplication';
import { captureReferral, KEYS, loadPersisted, savePersisted } from '../../src/app/persistence';
import { GOOD, MODEL_EMAIL, SAVED_VARIANTS } from '../machines/application.model';
import { persisted } from '../support/persisted';

const NOW = 1_700_000_000_000;

const stored = (): PersistedApplication =>
  persisted({
    form: { email: MODEL_EMAIL, firstname: 'Ada', referral_source: 'On social media' },
    cohort: { id: 6, name: 'Cohort 6' },
    started: true,
    existing: true,
    otp: { availableAt: NOW + 120_000, resendCount: 1 },
  });

describe('saving and loading', () => {
  it('loads back exactly what was saved, and keeps the step and the percentage beside it', () => {
    const application = stored();
    savePersisted(application, { step: 4, percentage: progressOf(4).percentage });
    expect(loadPersisted()).toEqual(application);
    expect(localStorage.getItem(KEYS.progress)).toBe('4');
    expect(localStorage.getItem(KEYS.percentage)).toBe('66.68');
  });

  it('loads nothing from empty storage, so a first visit starts fresh', () => {
    // A fresh visit's values, with no form and no code timer yet.
    expect(loadPersisted()).toEqual({ ...persisted(), form: undefined, otp: undefined });
  });

  it('drops a value that does not parse instead of trusting it, and removes it from storage', () => {
    savePersisted(stored(), null);
    localStorage.setItem(KEYS.form, '{"firstname": "Ada", ');
    localStorage.setItem(KEYS.otp, 'NaN-garbage');
    const loaded = loadPersisted();
    expect(loaded.form).toBeUndefined();
    expect(loaded.otp).toBeUndefined();
    expect(localStorage.getItem(KEYS.form)).toBeNull();
    expect(localStorage.getItem(KEYS.otp)).toBeNull();
    // The values that did parse still count.
    expect(loaded.started).toBe(true);
  });

  it('does not take a flag or a form of the wrong kind for a real one', () => {
    localStorage.setItem(KEYS.form, '"Ada"');
    localStorage.setItem(KEYS.started, '"yes"');
    localStorage.setItem(KEYS.submitted, '1');
    const loaded = loadPersisted();
    expect(loaded.form).toBeUndefined();
    expect(loaded.started).toBe(false);
    expect(loaded.submitted).toBe(false);
  });
});

interface Fakes {
  created: CreatePayload[];
  lookup: LookupResult;
  verified: SavedApplication;
}

/** The application machine with a fake server that answers at once, as main.tsx wires it (saved after every change). */
function openApplication(input: ApplicationInput, fakes: Fakes) {
  const machine = applicationMachine.provide({
    actors: {
      loadCohort: fromPromise(async () => ({ id: 6, name: 'Cohort 6' })),
      lookupApplication: fromPromise(async () => fakes.lookup),
      createApplication: fromPromise(async ({ input: payload }: { input: CreatePayload }) => {
        fakes.created.push(payload);
        return { retryAfter: 120 };
      }),
      sendCode: fromPromise(async () => ({ message: 'OTP sent successfully', retryAfter: 120 })),
      verifyCode: fromPromise(async () => fakes.verified),
      saveEligibility: fromPromise(async (): Promise<{ status: EligibilityStatus }> => ({
        status: 'eligible',
      })),
      saveEmployment: fromPromise(async (): Promise<void> => {}),
      submitApplication: fromPromise(async (): Promise<SubmitResult> => ({
        cohort: { id: 6, name: 'Cohort 6' },
        waitlisted: false,
      })),
    },
  });
  const actor = createActor(machine, { input: { now: () => NOW, ...input } });
  actor.subscribe((snapshot) => {
    const screen = currentScreen(snapshot);
    savePersisted(
      snapshot.context,
      screen ? { step: screen.step, percentage: progressOf(screen.step).percentage } : null,
    );
  });
  return actor.start();
}

type AppActor = Actor<typeof applicationMachine>;

const fill = (actor: AppActor, fields: (keyof typeof GOOD)[]) =>
  fields.forEach((field) => actor.send({ type: 'FIELD.CHANGE', field, value: GOOD[field]! }));

const pathOf = (actor: AppActor) => currentScreen(actor.getSnapshot())?.path;

/** The parts of the context that a reload must keep: those of a stored application. */
const KEPT = Object.keys(persisted()) as (keyof PersistedApplication)[];
const kept = (context: ApplicationMachineContext) =>
  Object.fromEntries(KEPT.map((key) => [key, context[key]]));

const newFakes = (): Fakes => ({ created: [], lookup: { kind: 'new' }, verified: SAVED_VARIANTS[0] });

describe('?ref=CODE', () => {
  it('is captured from the URL, survives a reload without it, and is sent as referred_by', async () => {
    expect(captureReferral('?utm_source=x&ref=AMB-42')).toBe('AMB-42');
    // A reload at another address, without ?ref=: the code is still the one the visitor arrived with.
    const afterReload = captureReferral('');
    expect(afterReload).toBe('AMB-42');

    const fakes = newFakes();
    const actor = openApplication({ persisted: loadPersisted(), referralCode: afterReload }, fakes);
    actor.send({ type: 'NAVIGATE', path: '/apply' });
    fill(actor, ['email']);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('biodata'));
    fill(actor, ['firstname', 'lastname', 'gender', 'country', 'city']);
    actor.send({ type: 'SAVE' });
    fill(actor, ['phone', 'referral_source', 'privacy_consent']);
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ communications: 'codeSent' }));
    expect(fakes.created).toHaveLength(1);
    expect(fakes.created[0].referred_by).toBe('AMB-42');
  });

  it('a later ?ref= replaces the kept one; an empty one does not erase it', () => {
    captureReferral('?ref=FIRST');
    expect(captureReferral('?ref=SECOND')).toBe('SECOND');
    expect(captureReferral('?ref=')).toBe('SECOND');
  });
});

describe('a reload', () => {
  /** A new actor from storage, opened at the address the last one showed: the same step, the same answers. */
  function expectReloadLandsOnTheSameStep(before: AppActor, fakes: Fakes) {
    const path = pathOf(before)!;
    const after = openApplication({ persisted: loadPersisted() }, fakes);
    after.send({ type: 'NAVIGATE', path });
    expect(pathOf(after), `reload at ${path}`).toBe(path);
    expect(kept(after.getSnapshot().context), `answers at ${path}`).toEqual(
      kept(before.getSnapshot().context),
    );
    after.stop();
  }

  it('at every step of the wizard returns to that step with the answers given so far', async () => {
    const fakes = newFakes();
    const actor = openApplication({ persisted: loadPersisted() }, fakes);
    /** The app shows this step, and a reload lands on it with the answers so far. */
    const reloadAt = (path: string) => {
      expect(pathOf(actor)).toBe(path);
      expectReloadLandsOnTheSameStep(actor, fakes);
    };
    const saveAndConfirm = () => {
      actor.send({ type: 'SAVE' });
      actor.send({ type: 'CONFIRM' });
    };
    actor.send({ type: 'NAVIGATE', path: '/apply' });
    fill(actor, ['email']);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('biodata'));
    // Typed but not yet saved: a reload keeps it too.
    fill(actor, ['firstname', 'lastname']);
    expectReloadLandsOnTheSameStep(actor, fakes);

    fill(actor, ['gender', 'country', 'city']);
    actor.send({ type: 'SAVE' });
    fill(actor, ['phone']);
    reloadAt('/apply/communications');

    fill(actor, ['referral_source', 'privacy_consent']);
    saveAndConfirm();
    await waitFor(actor, (s) => s.matches({ communications: 'codeSent' }));
    actor.send({ type: 'DIALOG.CLOSE' });
    reloadAt('/apply/verify-email');

    actor.send({ type: 'CODE.CHANGE', value: '123456' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('eligibility'));
    fill(actor, ['openness_to_tools', 'work_disruption_feelings']);
    actor.send({ type: 'CV.HELP' });
    actor.send({ type: 'CV.SENT' });
    expectReloadLandsOnTheSameStep(actor, fakes);

    fill(actor, ['feedback_handling', 'approach_to_new_tasks', 'education_focus', 'highest_qualification']);
    saveAndConfirm();
    await waitFor(actor, (s) => s.matches({ eligibility: { answers: 'result' } }));
    actor.send({ type: 'PROCEED' });
    fill(actor, ['employment_status']);
    reloadAt('/apply/employment');

    fill(actor, ['work_experience_years']);
    saveAndConfirm();
    await waitFor(actor, (s) => s.matches('other'));
    fill(actor, ['key_challenge', 'leadership_experience']);
    expectReloadLandsOnTheSameStep(actor, fakes);

    fill(actor, ['distractions', 'bootcamp_expectations']);
    actor.send({ type: 'SAVE' });
    fill(actor, ['agreement', 'agreement1', 'agreement2']);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.submitResult?.cohort.name).toBe('Cohort 6');
    expectReloadLandsOnTheSameStep(actor, fakes);
    expect(localStorage.getItem(KEYS.progress)).toBe('6');
  });

  it('with nothing stored sends an address deep in the wizard back to Get Started', () => {
    const actor = openApplication({ persisted: loadPersisted() }, newFakes());
    actor.send({ type: 'NAVIGATE', path: '/apply/employment' });
    expect(pathOf(actor)).toBe('/apply');
  });
});
