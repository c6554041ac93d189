/**
 * Replays a path of the application model (tests/machines/application.model.ts) on the rendered app: the same tree
 * main.tsx builds, in a MemoryRouter, with an actor whose invoked actors never settle. A person's events are
 * performed through the UI (typing, clicking by label, the router's navigation); what the server, the timers and
 * the child machines would send is delivered with `actor.send`, as the model lists it. After each step the screen
 * is checked against the model's expected snapshot.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateNode,
} from 'xstate';
import { expect } from 'vitest';
import {
  applicationMachine,
  currentScreen,
  progressOf,
  screenStateOf,
  WIZARD_STEPS,
  type ApplicationEvent,
  type ApplicationSnapshot,
  type FieldValue,
  type FormField,
} from '../../../machines/application.machine';
import { otpTimerMachine } from '../../../machines/otpTimer.machine';
import { paymentChoiceMachine, type CheckoutOutput } from '../../../machines/paymentChoice.machine';
import { reminderMachine } from '../../../machines/reminder.machine';
import { videoQuizMachine } from '../../../machines/videoQuiz.machine';
import { screenHeading } from '../../../machines/screens';
import {
  ELIGIBILITY_INTRO,
  ELIGIBILITY_QUESTIONS,
  ELIGIBILITY_RESULT,
  EMPLOYMENT_STATUSES,
  GENDERS,
  REFERRAL_SOURCES,
  WORK_EXPERIENCE_YEARS,
  type Cohort,
  type EligibilityStatus,
  type Option,
  type SubmitResult,
} from '../../../machines/rules';
import { type LookupResult, type SavedApplication } from '../../../machines/savedApplication';
import { renderApplication } from './renderApplication';
import { standingStep } from '../../../src/after-submission/StandingScreen';
import type { ApplicantStanding } from '../../../machines/rules/contract';
import { STANDING_MESSAGES, standingHeading, standingMessage } from '../../../machines/rules/standing';
import { MODEL_INPUT } from '../../machines/application.model';
import { ONE_BUTTON, viewOf } from '../../support/applicationModel';
import { transitionKey, type ModelPath } from '../../machines/support/graphReplay';
import { expectShown } from './shown';

/** A call that never answers: the path delivers its outcome. */
const pending = <Output,>() => new Promise<Output>(() => {});

/**
 * The app's actors, none of which settles by itself. The timer and the post-submission children are the real
 * machines (their screens read their snapshots) with their own effects stubbed the same way: the clock never
 * ticks, the country look-up, the saves and the checkout never answer.
 */
const neverSettling = () =>
  applicationMachine.provide({
    actors: {
      loadCohort: fromPromise(pending<Cohort>),
      lookupApplication: fromPromise(pending<LookupResult>),
      createApplication: fromPromise(pending<{ retryAfter: number }>),
      sendCode: fromPromise(pending<{ message: string; retryAfter: number }>),
      verifyCode: fromPromise(pending<SavedApplication>),
      saveEligibility: fromPromise(pending<{ status: EligibilityStatus }>),
      uploadCv: fromCallback(() => () => undefined),
      saveEmployment: fromPromise(pending<void>),
      submitApplication: fromPromise(pending<SubmitResult>),
      signOut: fromPromise(pending<void>),
      loadStanding: fromPromise(pending<ApplicantStanding>),
      otpTimer: otpTimerMachine.provide({ actors: { clock: fromCallback(() => () => undefined) } }),
      videoQuiz: videoQuizMachine.provide({ actors: { submitVideoProgress: fromPromise(pending<void>) } }),
      paymentChoice: paymentChoiceMachine.provide({
        actors: {
          lookupCountry: fromPromise(pending<string>),
          recordChoice: fromPromise(pending<void>),
          checkout: fromPromise(pending<CheckoutOutput>),
        },
      }),
      reminder: reminderMachine.provide({ actors: { saveReminder: fromPromise(pending<void>) } }),
    },
  });

/** Events that come from the server, a timer, the upload or a child machine, not from a person. */
const isDelivered = (type: string) =>
  type.startsWith('xstate.done.actor.') ||
  type.startsWith('xstate.error.actor.') ||
  type.startsWith('UPLOAD.') ||
  [
    'VIDEO.PROGRESS',
    'VIDEO.SUBMITTED',
    'PAYMENT.CHOSEN',
    'PAYMENT.FAILED',
    'REMINDER.SET',
    'WITHDRAWN',
  ].includes(type);

export interface AppReplay {
  /** Transitions the live actor took (keys as in graphReplay's `transitionKeys`). */
  taken: Set<string>;
  visited: Set<string>;
}

interface Rendered {
  actor: ReturnType<typeof createActor<ReturnType<typeof neverSettling>>>;
  user: UserEvent;
  location: () => string;
  navigate: (to: string) => void | Promise<void>;
}

/** Renders the app opened at `path` and returns handles on its actor and router. */
function openApp(path: string, result: AppReplay): Rendered {
  const actor = createActor(neverSettling(), {
    input: MODEL_INPUT,
    inspect: (e) => {
      if (e.type !== '@xstate.microstep' || e.actorRef.sessionId !== e.rootId) return;
      for (const t of e._transitions) {
        result.taken.add(transitionKey(t));
        // A transient state (left at once by an eventless transition) is visited without being a snapshot.
        result.visited.add((t.source as AnyStateNode).id);
      }
    },
  });
  actor.subscribe((s) => s._nodes.forEach((n) => result.visited.add(n.id)));
  actor.start();
  const router: { pathname: string; navigate: NavigateFunction | null } = { pathname: '', navigate: null };
  function RouterProbe() {
    router.pathname = useLocation().pathname;
    router.navigate = useNavigate();
    return null;
  }
  renderApplication(
    actor,
    path,
    () => Promise.reject(new Error('the wizard makes its calls through the stubbed actors')),
    <RouterProbe />,
  );
  return {
    actor,
    user: userEvent.setup({ applyAccept: false }),
    location: () => router.pathname,
    navigate: (to: string) => router.navigate!(to),
  };
}

type RadioQuestion = { legend: string; options: readonly Option[] };

/** How a person reaches each field: its label, or the question and its answers. */
const RADIOS: Partial<Record<FormField, RadioQuestion>> = {
  gender: { legend: 'Gender', options: GENDERS },
  referral_source: {
    legend: 'How did you first hear about The Employment Bootcamp?',
    options: REFERRAL_SOURCES,
  },
  employment_status: { legend: 'What is your employment status?', options: EMPLOYMENT_STATUSES },
  work_experience_years: {
    legend: 'How many years of work experience do you have? Internships count.',
    options: WORK_EXPERIENCE_YEARS,
  },
  ...Object.fromEntries(ELIGIBILITY_QUESTIONS.map((q) => [q.name, { legend: q.legend, options: q.options }])),
};

const TEXT_LABELS: Partial<Record<FormField, string>> = {
  firstname: 'First Name',
  lastname: 'Last Name',
  city: 'Country and City of Residence',
  phone: 'Phone number',
  referral_detail: 'Who referred you? Tell us the person or organisation',
  key_challenge: 'What do you find most challenging?',
  leadership_experience: 'Have you ever led anything? Tell us about it.',
  distractions: 'How do you manage distraction?',
  bootcamp_expectations: 'What difference do you hope the bootcamp will make in your life?',
};

const CHECKBOX_LABELS: Partial<Record<FormField, string>> = {
  privacy_consent:
    'I have read the privacy notice and agree to The Employment Bootcamp keeping and using my answers as it describes.',
  agreement: 'I am available and ready to join the next cohort of the bootcamp.',
  agreement1: 'I am open-minded and ready to do what it takes to get a job within 12 weeks.',
  agreement2: 'I understand that, if selected, I pay a commitment fee to take part.',
};

async function typeInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

async function fill(app: Rendered, before: AnyMachineSnapshot, field: FormField, value: FieldValue) {
  const { user } = app;
  const radio = RADIOS[field];
  if (radio) {
    const label = radio.options.find((o) => o.value === value)?.label;
    if (!label) throw new Error(`no answer ${String(value)} to '${radio.legend}'`);
    const group = screen.getByRole('group', { name: radio.legend });
    return user.click(within(group).getByRole('radio', { name: label }));
  }
  if (field === 'country') {
    const combobox = await screen.findByRole('combobox', { name: 'Country of Origin' });
    await typeInto(user, combobox, String(value));
    return user.click(await screen.findByRole('option', { name: String(value) }));
  }
  if (field === 'email') {
    const label = before.matches('getStarted') ? 'Email address' : 'Email';
    return typeInto(user, screen.getByRole('textbox', { name: label }), String(value));
  }
  const checkbox = CHECKBOX_LABELS[field];
  if (checkbox) {
    const box = screen.getByRole('checkbox', { name: checkbox });
    if (box instanceof HTMLInputElement && box.checked !== value) await user.click(box);
    return;
  }
  const text = TEXT_LABELS[field];
  if (text) return typeInto(user, screen.getByLabelText(text), String(value));
  throw new Error(`the replay does not know how a person fills ${field}`);
}

const button = (name: string) => screen.getByRole('button', { name });

/** The button that sends SAVE on each screen. */
function saveButton(before: AnyMachineSnapshot): HTMLElement {
  // Get Started opened as a sign-in says Continue (decision 227).
  if (before.matches('getStarted')) return button(before.context.signingIn ? 'Continue' : 'Get Started');
  if (before.matches('verifyEmail')) return button('Verify email');
  if (before.matches('other')) return button('Save & Continue');
  return button('Save and continue');
}

function cancelControl(before: AnyMachineSnapshot): HTMLElement {
  if (before.matches({ other: 'keyInformation' })) return button('Edit answers');
  if (before.matches({ eligibility: { cv: 'help' } })) return button('Cancel');
  return button('Edit');
}

/** Performs one step of the path the way a person would, or delivers it as its actor would. */
async function perform(app: Rendered, event: AnyEventObject, before: AnyMachineSnapshot): Promise<void> {
  const { user } = app;
  if (isDelivered(event.type)) {
    act(() => app.actor.send(event as ApplicationEvent));
    return;
  }
  const e = event as ApplicationEvent;
  const only = ONE_BUTTON[e.type];
  if (only) return user.click(button(only));
  switch (e.type) {
    case 'NAVIGATE':
      // A typed address or a link: the router's navigation, which the app turns into NAVIGATE.
      return act(async () => {
        await app.navigate(e.path);
      });
    case 'FIELD.CHANGE':
      return fill(app, before, e.field, e.value);
    case 'CODE.CHANGE':
      return typeInto(user, screen.getByRole('textbox', { name: 'Enter the code' }), e.value);
    case 'SAVE':
      return user.click(saveButton(before));
    case 'CONFIRM':
      // The 'Check your email' dialog has one button, which closes it (the machine also accepts CONFIRM there).
      return user.click(
        before.matches({ communications: 'codeSent' }) ? button('Enter the code') : button('Yes, continue'),
      );
    case 'CANCEL':
      return user.click(cancelControl(before));
    case 'DIALOG.CLOSE':
      return user.keyboard('{Escape}');
    case 'BACK':
      return user.click(
        before.matches('failed')
          ? screen.getByRole('link', { name: 'Back to payment options' })
          : button('Back'),
      );
    case 'CV.SELECT':
      return user.upload(screen.getByLabelText('Upload your CV (required)'), e.file);
    default:
      throw new Error(`the replay does not know how a person sends ${e.type}`);
  }
}

/** The confirmation's heading follows where the application stands (src/after-submission/StandingScreen.tsx). */
function confirmationHeading(s: AnyMachineSnapshot): string {
  const cohort = (s.context as ApplicationSnapshot['context']).standing?.cohort.name ?? '';
  return standingHeading(standingStep(s as ApplicationSnapshot), cohort);
}

/** The dialogs (by their names) that a state shows. */
function expectedDialogs(s: AnyMachineSnapshot): string[] {
  const open: string[] = [];
  const confirm = ['confirming', 'saving'];
  if (
    confirm.some(
      (leaf) =>
        s.matches({ communications: leaf }) ||
        s.matches({ employment: leaf }) ||
        s.matches({ eligibility: { answers: leaf } }),
    )
  )
    open.push('Are you sure?');
  if (s.matches({ communications: 'codeSent' })) open.push('Check your email');
  if (s.matches({ other: 'keyInformation' }) || s.matches({ other: 'submitting' }))
    open.push('Key Information:');
  if (s.matches({ eligibility: { cv: 'help' } })) open.push('Send your CV by email');
  return open;
}

const openDialogs = () =>
  [...screen.queryAllByRole('dialog'), ...screen.queryAllByRole('alertdialog')]
    // A dialog's name is its title (aria-labelledby), which is what a screen reader announces on opening.
    .map((d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
    .sort();

/** Checks what a person sees against the model's expected snapshot; `arrived`: the step opened a new view. */
async function expectScreen(app: Rendered, expected: AnyMachineSnapshot, after: string, arrived: boolean) {
  const meta = currentScreen(expected as ApplicationSnapshot);
  if (!meta) throw new Error(`after ${after}: the model's state has no screen`);
  const state = screenStateOf(expected)!;
  const dialogs = expectedDialogs(expected);
  // Behind an open dialog the page is inert: still on screen, hidden from the accessibility tree.
  const hidden = dialogs.length > 0;
  // Get Started opened as a sign-in is headed so, and counts no steps (decision 227).
  const signingIn = (expected.context as ApplicationSnapshot['context']).signingIn;
  const heading =
    state === 'confirmation'
      ? confirmationHeading(expected)
      : signingIn && state === 'getStarted'
        ? STANDING_MESSAGES.signIn.title
        : screenHeading(state);
  // The screens load on demand, so the heading may take a moment to arrive (longer on a busy machine).
  const h1 = await screen.findByRole('heading', { level: 1, hidden, name: heading }, { timeout: 5000 });
  expectShown(h1, after);
  // A new step's heading has focus (a screen reader announces it), unless a dialog opened with the step or red
  // alerts came with it (the error summary takes focus then).
  const { errors, errorMessage } = expected.context as ApplicationSnapshot['context'];
  if (arrived && !hidden && !errorMessage && !Object.keys(errors).length)
    await waitFor(() => expect(document.activeElement, `focus after ${after}`).toBe(h1));
  expect(app.location(), `URL after ${after}`).toBe(meta.path);
  expect(openDialogs(), `dialogs after ${after}`).toEqual([...dialogs].sort());

  const bar = screen.queryByRole('progressbar', { name: 'Application progress', hidden });
  if (WIZARD_STEPS.includes(state) && !signingIn) {
    const { percentage, counter } = progressOf(meta.step);
    expect(bar, `progress bar after ${after}`).not.toBeNull();
    expect((bar!.firstElementChild as HTMLElement).style.width, `progress after ${after}`).toBe(
      `${percentage}%`,
    );
    expect(screen.getByText(counter).textContent, `counter after ${after}`).toBe(counter);
    expectAlerts(expected, after, hidden);
  } else {
    expect(bar, `no progress bar after ${after}`).toBeNull();
    if (signingIn) expectAlerts(expected, after, hidden);
  }
  // Every screen after submission, and only those, offers Sign out; a failed sign-out says why beside it.
  const signOut = screen.queryByRole('button', { name: /^(Sign out|Signing out…)$/, hidden });
  expect(signOut !== null, `Sign out after ${after}`).toBe(
    ['success', 'selectionVideo', 'confirmation', 'failed'].includes(state),
  );
  const { signOutError } = expected.context as ApplicationSnapshot['context'];
  if (signOutError)
    expect(
      screen.getAllByRole('alert', { hidden }).map((a) => a.textContent),
      after,
    ).toContain(signOutError);
  // Only an accepted applicant is offered payment; the success page shows the live standing once it is known.
  expect(screen.queryByRole('heading', { name: 'Need help with the fee?', hidden }) !== null, after).toBe(
    expected.matches({ confirmation: { standing: 'accepted' } }),
  );
  if (expected.matches({ confirmation: { standing: 'unavailable' } }))
    expect(screen.getByRole('alert', { name: 'There is a problem', hidden }).textContent, after).toContain(
      (expected.context as ApplicationSnapshot['context']).errorMessage,
    );
  const standing = (expected.context as ApplicationSnapshot['context']).standing;
  if (state === 'success' && standing)
    expect(screen.getByRole('status', { hidden }).textContent, after).toContain(
      standingMessage(standing.standing, standing.cohort.name),
    );
  // Above the questions, what they are for (decision 002): some answers lead to a person's review.
  if (expected.matches({ eligibility: { answers: 'editing' } }))
    expect(screen.getByText(ELIGIBILITY_INTRO).tagName, after).toBe('P');
  if (expected.matches({ eligibility: { answers: 'result' } })) {
    const eligible = expected.context.form.eligibilityStatus === 'eligible';
    const panel = ELIGIBILITY_RESULT[eligible ? 'eligible' : 'underReview'];
    expectShown(screen.getByRole('heading', { level: 2, name: panel }), after);
    expect(screen.queryByRole('button', { name: 'Proceed' }) !== null, `Proceed after ${after}`).toBe(
      eligible,
    );
  }
}

/** The red alerts: every message of the expected state is in an error summary, and no summary stands without. */
function expectAlerts(expected: AnyMachineSnapshot, after: string, hidden: boolean) {
  const { errors, errorMessage } = expected.context as ApplicationSnapshot['context'];
  const messages = [...Object.values(errors).flat(), ...(errorMessage ? [errorMessage] : [])];
  // Problems of earlier steps, on the open questions, stand in their own list below the form.
  const summaries = [
    ...screen.queryAllByRole('alert', { name: 'There is a problem', hidden }),
    ...screen.queryAllByRole('alert', { name: 'Answers missing from earlier steps', hidden }),
  ];
  if (!messages.length) {
    expect(summaries, `no red alerts after ${after}`).toEqual([]);
    return;
  }
  const shown = summaries.map((s) => s.textContent ?? '').join('\n');
  for (const message of messages) expect(shown, `red alerts after ${after}`).toContain(message);
}

/** The live actor is where the model says: same state, same context (a quick way to tell a wrong UI event). */
function expectMachine(app: Rendered, expected: AnyMachineSnapshot, after: string) {
  const live = app.actor.getSnapshot();
  expect(live.value, `state after ${after}`).toEqual(expected.value);
  expect(JSON.stringify(live.context), `context after ${after}`).toBe(JSON.stringify(expected.context));
}

const describeEvent = (e: AnyEventObject) =>
  e.type === 'NAVIGATE' ? `NAVIGATE ${(e as ApplicationEvent & { type: 'NAVIGATE' }).path}` : e.type;

/** Replays one path in the rendered app; adds the transitions it took to `result`. */
export async function replayInApp(path: ModelPath, result: AppReplay): Promise<void> {
  const [first, ...rest] = path.steps;
  if (first?.event.type !== 'NAVIGATE') throw new Error('a path starts with the URL the app is opened at');
  // The first step is the address the person opened the app at.
  const app = openApp((first.event as ApplicationEvent & { type: 'NAVIGATE' }).path, result);
  let done = describeEvent(first.event);
  await act(async () => {});
  expectMachine(app, first.state, done);
  await expectScreen(app, first.state, done, true);
  let before = first.state;
  for (const step of rest) {
    await perform(app, step.event, before);
    done += ` → ${describeEvent(step.event)}`;
    expectMachine(app, step.state, done);
    await expectScreen(app, step.state, done, viewOf(step.state) !== viewOf(before));
    before = step.state;
  }
  app.actor.stop();
}
