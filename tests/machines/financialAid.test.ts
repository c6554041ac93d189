import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  AID_FIELDS,
  CHECK_IN_PATH,
  FORM_PATH,
  DONE_PATH,
  financialAidMachine,
  type AidAnswers,
  type FinancialAidContext,
} from '../../machines/financialAid.machine';
import { FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import {
  expectEveryStateAndTransition,
  replay,
  replayEach,
  transitionPaths,
  type Replay,
} from './support/graphReplay';

const input = { email: '' };
const actorIds = ['lookupApplication', 'sendCode', 'verifyCode', 'submitFinancialAid'] as const;

const answers: AidAnswers = {
  typeOfPhone: 'Android smartphone',
  haveLaptop: 'No',
  parentAlive: 'My mother is alive',
  employed: 'Unemployed for 8 months',
  affordableFee: 'N20,000',
  whyBootcamp: 'To find work within three months',
  anythingElse: 'I care for my younger brother',
};

const byState: Record<string, AnyEventObject[]> = {
  checkIn: [
    { type: 'EDIT', values: { email: 'ada@example.com' } },
    { type: 'EDIT', values: { email: 'ada@' } },
  ],
  code: [
    { type: 'EDIT', values: { code: '123 456' } },
    { type: 'EDIT', values: { code: '12' } },
  ],
  form: [
    { type: 'EDIT', values: answers },
    { type: 'EDIT', values: { ...answers, haveLaptop: 'Maybe' } },
  ],
};

const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  ...(byState[String(snapshot.value)] ?? []),
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.lookupApplication', output: { kind: 'new' } },
  { type: 'xstate.done.actor.lookupApplication', output: { kind: 'exists' } },
  { type: 'xstate.done.actor.lookupApplication', output: { kind: 'owner' } },
  { type: 'xstate.error.actor.lookupApplication', error: { message: '' } },
  { type: 'xstate.done.actor.sendCode', output: { message: 'OTP sent successfully' } },
  { type: 'xstate.error.actor.sendCode', error: { message: 'Please wait 120 seconds' } },
  { type: 'xstate.done.actor.verifyCode', output: {} },
  { type: 'xstate.error.actor.verifyCode', error: { message: 'The code is not valid' } },
  { type: 'RESEND' },
  { type: 'BACK' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submitFinancialAid' },
  { type: 'xstate.error.actor.submitFinancialAid', error: { message: '' } },
  {
    type: 'xstate.error.actor.submitFinancialAid',
    error: { message: 'Please check your answers', errors: { affordableFee: ['Please enter an amount'] } },
  },
];

const vertex = (s: AnyMachineSnapshot) => {
  const c = s.context as FinancialAidContext;
  return JSON.stringify([
    s.value,
    c.email,
    c.code,
    c.answers.haveLaptop,
    c.message !== '',
    Object.keys(c.errors),
  ]);
};

const paths = transitionPaths(financialAidMachine, input, events, vertex);

const metaPath = (s: AnyMachineSnapshot) =>
  Object.values(s.getMeta() as Record<string, { path?: string }>).find((m) => m.path)?.path;

function check(snapshot: AnyMachineSnapshot, run: Replay) {
  const c = snapshot.context as FinancialAidContext;
  // Every screen state names its route.
  const path = metaPath(snapshot);
  if (snapshot.matches('form') || snapshot.matches('confirming') || snapshot.matches('submitting')) {
    expect(path).toBe(FORM_PATH);
  } else if (snapshot.matches('done')) {
    expect(path).toBe(DONE_PATH);
  } else {
    expect(path).toBe(CHECK_IN_PATH);
  }
  const call = run.calls.at(-1);
  if (snapshot.matches('lookingUp'))
    expect(call).toEqual({ src: 'lookupApplication', input: { email: c.email } });
  if (snapshot.matches('verifying'))
    expect(call).toEqual({ src: 'verifyCode', input: { email: c.email, token: '123456' } });
  if (snapshot.matches('submitting')) {
    expect(call).toEqual({
      src: 'submitFinancialAid',
      input: {
        email: 'ada@example.com',
        data: {
          phone_type: answers.typeOfPhone,
          has_laptop: answers.haveLaptop,
          parents_status: answers.parentAlive,
          employment_status_duration: answers.employed,
          affordable_amount: answers.affordableFee,
          bootcamp_attendance_reason: answers.whyBootcamp,
          additional_info: answers.anythingElse,
        },
      },
    });
  }
}

describe('financialAid machine: model-based paths', () => {
  replayEach(financialAidMachine, actorIds, input, paths, check);

  it('the replayed paths visit every state and take every transition of the definition', () => {
    const partial = expectEveryStateAndTransition(financialAidMachine, actorIds, input, paths);
    expect(partial.states).toContain('financialAid.done');
  });
});

describe('financialAid machine: what a person sees', () => {
  const outcomes = paths.map((p) => replay(financialAidMachine, actorIds, input, p).snapshots.at(-1)!);
  const some = (predicate: (s: AnyMachineSnapshot, c: FinancialAidContext) => boolean) =>
    outcomes.some((s) => predicate(s, s.context as FinancialAidContext));

  it('an email with no application is told it has not registered', () => {
    expect(some((s, c) => s.matches('checkIn') && c.message === MESSAGES.notRegistered)).toBe(true);
  });
  it('a blank or malformed check-in email is refused before any call', () => {
    expect(some((s, c) => s.matches('checkIn') && c.errors.email?.[0] === MESSAGES.checkInEmail)).toBe(true);
  });
  it('an email this browser has not proved gets a code step, with the server messages', () => {
    expect(some((s, c) => s.matches('code') && c.info === MESSAGES.otpSent)).toBe(true);
    expect(some((s, c) => s.matches('code') && c.message === 'The code is not valid')).toBe(true);
    expect(some((s, c) => s.matches('code') && c.errors.token?.[0] === MESSAGES.otpRequired)).toBe(true);
    expect(some((s, c) => s.matches('code') && c.errors.token?.[0] === MESSAGES.otpFormat)).toBe(true);
  });
  it('the form lists every missing answer with its own message', () => {
    const blank = outcomes.find(
      (s) => s.matches('form') && Object.keys(s.context.errors).length === AID_FIELDS.length,
    );
    expect(blank?.context.errors).toEqual(
      Object.fromEntries(AID_FIELDS.map((f) => [f, [FIELD_MESSAGES[f]]])),
    );
    expect(
      some(
        (s, c) =>
          s.matches('form') &&
          c.errors.haveLaptop?.[0] === FIELD_MESSAGES.haveLaptop &&
          !c.errors.typeOfPhone,
      ),
    ).toBe(true);
  });
  it('a failed submission shows the server message and its field messages, or the fallback', () => {
    expect(some((s, c) => s.matches('form') && c.message === MESSAGES.financialAidSubmitFailed)).toBe(true);
    expect(
      some(
        (s, c) =>
          s.matches('form') &&
          c.message === 'Please check your answers' &&
          c.errors.affordableFee?.[0] === 'Please enter an amount',
      ),
    ).toBe(true);
  });
  it('submitting only happens after the irreversible confirm', () => {
    for (const path of paths) {
      const run = replay(financialAidMachine, actorIds, input, path);
      const i = run.snapshots.findIndex((s) => s.matches('submitting'));
      if (i > 0) expect(run.snapshots[i - 1].matches('confirming')).toBe(true);
    }
  });
});
