/**
 * The application machine as a graph of what a real browser can do against the real server (a sibling of
 * tests/machines/application.model.ts). Person events are the controls on the screen; the invoked actors' outcomes
 * are only the ones the server gives for this state (a small model of the server: new / exists / owner, the status
 * that the answers score to, the 429 the code wait gives), plus failures a test makes with `page.route`. From this
 * graph come the shortest path to every state, the paths that take every transition, and one path per answer branch.
 */
import { getAdjacencyMap } from 'xstate/graph';
import {
  getMicrosteps,
  transition,
  __unsafe_getAllOwnEventDescriptors as ownEvents,
  type AnyMachineSnapshot,
} from 'xstate';
import {
  applicationMachine,
  cleaned,
  type ApplicationMachineContext,
  type ApplicationEvent,
  type FieldValue,
  type FormField,
} from '../../../machines/application.machine';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_NYSC,
  EMPLOYMENT_UNEMPLOYED,
  EXIT_TIMELINES,
  FEEDBACK_HANDLING,
  NO_POST_SECONDARY,
  OPENNESS_TO_TOOLS,
  REFERRAL_FRIEND,
  REFERRAL_ORGANISATION,
  UNEMPLOYMENT_DURATIONS,
  WORK_DISRUPTION_FEELINGS,
  scoreEligibility,
} from '../../../machines/rules';
import { validateGroup } from '../../../machines/validation';
import { type SavedApplication } from '../../../machines/savedApplication';
import { GOOD, MODEL_EMAIL, NAVIGATION, screenGroup } from '../../machines/application.model';
import { eventlessTaken, transitionKey } from '../../machines/support/graphReplay';
import {
  byDistance,
  MODEL_INPUT,
  PERSON_EVENTS as CONTROLS,
  serializeEvent,
  shortestPaths,
  start,
  walkEvents,
  type Graph as ModelGraph,
} from '../../support/applicationModel';
import { STANDARD_FEES } from '../../../machines/rules/payments';

type Snapshot = AnyMachineSnapshot;
/** What an invoked actor tells the machine when it finishes or fails. */
export type ActorOutcome =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };
/** A step of a path: something the person does, or an invoked actor's outcome. */
export type ModelEvent = ApplicationEvent | ActorOutcome;
export type Answers = Partial<Record<FormField, FieldValue>>;

/** The applicant of the path, and two other people's applications the test makes through the API first. */
export const OWN_EMAIL = MODEL_EMAIL;
/** Created and verified on another device: a new code can be sent at once. */
export const RETURNING_EMAIL = 'returning@example.com';
/** Created on another device a moment ago: the server refuses another code for 120 s. */
export const PENDING_EMAIL = 'pending@example.com';
export const OTHER_EMAILS = [RETURNING_EMAIL, PENDING_EMAIL] as const;
/** The address typed after 'Use a different email address': new to the server, so it is created afresh. */
export const SECOND_EMAIL = 'second@example.com';

/** The bio data the test creates the other two applications with. */
export const OTHER_BIODATA = {
  firstname: 'Bola',
  middlename: '',
  lastname: 'Ade',
  gender: 'male',
  country: 'Ghana',
  city: 'Ghana, Accra',
  phone: '+233201234567',
  whatsapp_phone: '',
  referral_source: 'On social media',
};

/** On the open questions after a verified applicant saved their employment answers. */
const savedEmployment = (s: Snapshot) =>
  s.matches({ other: 'editing' }) &&
  Boolean(context(s).form.email_verified_at) &&
  Boolean(context(s).form.employment_status);

/** The answers of each branch the issue names; each is a full answer set. */
export const BRANCHES: Record<string, { answers: Answers; until: (s: Snapshot) => boolean }> = {
  'friend referral (with detail), unemployed': {
    answers: {
      ...GOOD,
      referral_source: REFERRAL_FRIEND,
      referral_detail: 'Chioma Eze',
      employment_status: EMPLOYMENT_UNEMPLOYED,
      unemployment_duration: UNEMPLOYMENT_DURATIONS[1].value,
    },
    until: savedEmployment,
  },
  'organisation referral (with detail), employed but looking': {
    answers: {
      ...GOOD,
      referral_source: REFERRAL_ORGANISATION,
      referral_detail: 'Lagos Business School',
      employment_status: EMPLOYMENT_EMPLOYED_LOOKING,
      reason_for_leaving: 'There is no room to grow where I am.',
      exit_timeline: EXIT_TIMELINES[1].value,
    },
    until: savedEmployment,
  },
  'serving (NYSC)': {
    answers: { ...GOOD, employment_status: EMPLOYMENT_NYSC, service_completion_date: '2027-03-31' },
    until: savedEmployment,
  },
  'no post-secondary qualification: action_required': {
    answers: { ...GOOD, highest_qualification: NO_POST_SECONDARY },
    until: (s) => s.context.form.eligibilityStatus === 'action_required',
  },
  'three negative answers: ineligible': {
    answers: {
      ...GOOD,
      openness_to_tools: OPENNESS_TO_TOOLS[3].value,
      work_disruption_feelings: WORK_DISRUPTION_FEELINGS[3].value,
      feedback_handling: FEEDBACK_HANDLING[2].value,
      approach_to_new_tasks: APPROACH_TO_NEW_TASKS[0].value,
      education_focus: EDUCATION_FOCUS[0].value,
    },
    until: (s) => s.context.form.eligibilityStatus === 'ineligible',
  },
};

/** What a file chosen for the CV is, decided by the upload's outcome that follows it in the path. */
export const GOOD_CV = { type: 'CV.SELECT', file: new File(['%PDF-1.7'], 'cv.pdf') } as const;
export const WRONG_NAME_CV = { type: 'CV.SELECT', file: new File(['MZ'], 'cv.exe') } as const;

const context = (s: Snapshot) => s.context as ApplicationMachineContext;

// Validation is most of the cost of building the graph: once per snapshot is enough.
const missingOf = new WeakMap<Snapshot, string[]>();
const missing = (s: Snapshot): string[] => {
  let found = missingOf.get(s);
  if (!found) {
    const g = screenGroup(s);
    found = g ? Object.keys(validateGroup(g.group, context(s).form, g.only).errors) : [];
    missingOf.set(s, found);
  }
  return found;
};

/** States whose invoked actor answers by itself: the browser does not wait for the next person event. */
const BUSY = [
  'lookingUp',
  'saving',
  'sendingCode',
  'resending',
  'verifying',
  'submitting',
  'uploading',
  'signingOut',
  // The confirmation asking where the application stands.
  'loading',
];
const busy = (s: Snapshot) => BUSY.some((b) => JSON.stringify(s.value).includes(`"${b}"`));

/** A modal dialog covers the form: only its own controls can be used. */
const modal = (s: Snapshot) =>
  ['confirming', 'codeSent', 'help', 'keyInformation'].some((d) =>
    JSON.stringify(s.value).includes(`"${d}"`),
  );

/**
 * A typed URL reloads the app; the model's NAVIGATE then stands for the reload only when nothing that is lost on a
 * reload (a typed code, errors on screen, half a form) would change what happens next. Half-saved employment
 * answers are not offered either: the server would not have them and the model could not tell.
 */
const reloadSafe = (s: Snapshot) => {
  const c = context(s);
  if (s.matches('boot')) return true;
  if (busy(s) || modal(s)) return false;
  if (c.token || c.errorMessage || Object.keys(c.errors).length) return false;
  if (s.matches('employment') && c.form.employment_status) return false;
  const g = screenGroup(s);
  if (!g) return true;
  const left = missing(s).length;
  return left === 0 || left === Object.keys(validateGroup(g.group, {}, g.only).errors).length;
};

/** The applicant's application as the server holds it: only what has been saved (see `reloadSafe`). */
export function serverCopy(c: ApplicationMachineContext): SavedApplication {
  const f = cleaned(c.form);
  const measured = f.eligibilityStatus !== 'not measured';
  const other = OTHER_EMAILS.includes(f.email as (typeof OTHER_EMAILS)[number]);
  return {
    ...(other ? { ...OTHER_BIODATA, whatsapp_phone: '' } : f),
    email: f.email,
    referred_by: f.referrer,
    email_verified_at: '2026-11-23T00:00:00.000Z',
    stage: c.submitted ? 'submitted' : measured ? 'eligibility' : 'verified',
    communications: {
      referral_source: other ? OTHER_BIODATA.referral_source : f.referral_source,
      referral_detail: other ? '' : f.referral_detail,
      communication_consent: 1,
    },
    eligibility: {
      openness_to_tools: measured ? f.openness_to_tools : '',
      work_disruption_feelings: measured ? f.work_disruption_feelings : '',
      feedback_handling: measured ? f.feedback_handling : '',
      approach_to_new_tasks: measured ? f.approach_to_new_tasks : '',
      education_focus: measured ? f.education_focus : '',
      highest_qualification: measured ? f.highest_qualification : '',
      status: f.eligibilityStatus,
    },
    cv: f.pdf ? { filename: f.pdf, size: 8 } : null,
    cv_sent_by_email: !f.pdf && f.cv_sent_by_email,
    employment: {
      employment_status: f.employment_status,
      unemployment_duration: f.unemployment_duration,
      work_experience_years: f.work_experience_years,
      service_completion_date: f.service_completion_date,
      reason_for_leaving: f.reason_for_leaving,
      exit_timeline: f.exit_timeline,
      job_urgency: f.job_urgency,
    },
    // The open answers reach the server with the submission.
    other: {
      key_challenge: c.submitted ? f.key_challenge : '',
      leadership_experience: c.submitted ? f.leadership_experience : '',
      distractions: c.submitted ? f.distractions : '',
      bootcamp_expectations: c.submitted ? f.bootcamp_expectations : '',
    },
    // The video's end is saved by itself; a returning applicant who reached it resumes on the confirmation.
    video: { videoProgress: f.isVideoEnded ? 100 : 0, isVideoEnded: f.isVideoEnded, attemptCounter: 0 },
    payment_option: f.paymentOption,
    financial_aid: null,
    aid: null,
    fees: STANDARD_FEES,
    reminder_date: c.reminderDate,
    submitted_at: c.submitted ? '2026-11-23T01:00:00.000Z' : '',
    cohort: { id: 6, name: 'Cohort 6', waitlisted: false, start_date: '2025-03-10' },
  };
}

const done = (id: string, output: unknown): ActorOutcome => ({ type: `xstate.done.actor.${id}`, output });
/** A failure the test makes with `page.route` (or, for the code calls, the server's own 429). */
export const failure = (id: string): ActorOutcome => ({
  type: `xstate.error.actor.${id}`,
  error: { message: 'failed' },
});

/** The server's answer to the call the state is making, as this browser would get it. */
function serverOutcomes(s: Snapshot): ActorOutcome[] {
  const c = context(s);
  const email = c.form.email.trim().toLowerCase();
  const verified = Boolean(c.form.email_verified_at);
  const other = OTHER_EMAILS.includes(email as (typeof OTHER_EMAILS)[number]);
  // What the server accepts from this browser: writes after creation need the session a correct code gives.
  const owner = !other && c.existing && verified;
  const complete = owner && c.form.eligibilityStatus === 'eligible' && Boolean(c.form.employment_status);
  const lookup = other
    ? { kind: 'exists', summary: { exists: true, stage: 'created', email_verified: false } }
    : !c.existing
      ? { kind: 'new' }
      : verified
        ? { kind: 'owner', application: serverCopy(c) }
        : { kind: 'exists', summary: { exists: true, stage: 'created', email_verified: false } };
  return [
    done('loadCohort', { id: 6, name: 'Cohort 6' }),
    failure('loadCohort'),
    done('lookupApplication', lookup),
    failure('lookupApplication'),
    // The server checks the bio data again: a typed URL may have skipped its screen.
    ...(validateGroup('biodata', c.form).ok ? [done('createApplication', { retryAfter: 120 })] : []),
    failure('createApplication'),
    // Only the application verified elsewhere may have a new code at once; every other ask is inside the wait.
    ...(email === RETURNING_EMAIL && s.matches({ verifyEmail: 'sendingCode' })
      ? [done('sendCode', { message: 'OTP sent successfully', retryAfter: 120 })]
      : []),
    failure('sendCode'),
    ...(c.existing ? [done('verifyCode', serverCopy(c))] : []),
    failure('verifyCode'),
    done('saveEligibility', { status: scoreEligibility(cleaned(c.form)).status }),
    failure('saveEligibility'),
    done('saveEmployment', undefined),
    failure('saveEmployment'),
    ...(complete
      ? [done('submitApplication', { cohort: { id: 6, name: 'Cohort 6' }, waitlisted: false })]
      : []),
    failure('submitApplication'),
    done('otpTimer', undefined),
    done('signOut', undefined),
    failure('signOut'),
    done('videoQuiz', { videoProgress: 100, isVideoEnded: true, attemptCounter: 0 }),
    // Staff accept every application the model submits, before its browser first asks (wizardDriver.ts).
    ...(owner && c.submitted
      ? [done('loadStanding', { standing: 'accepted', cohort: { id: 6, name: 'Cohort 6', number: 6 } })]
      : []),
    failure('loadStanding'),
  ];
}

/** The controls, and a file of each kind for the CV (the upload's outcome follows from the file). */
const PERSON_EVENTS: ApplicationEvent[] = [...CONTROLS, GOOD_CV, WRONG_NAME_CV];

/**
 * The video, the payment choice and the reminder are used by a submitted applicant: anyone may open their pages,
 * but the server records a choice or a reminder only for a proved email, and the model keeps to the real journey.
 */
const AFTER_SUBMISSION: readonly string[] = [
  'xstate.done.actor.videoQuiz',
  'PAYMENT.CHOSEN',
  'PAYMENT.FAILED',
  'REMINDER.SET',
  'VIDEO.SUBMITTED',
  'SIGN_OUT',
];

/** What the upload of the chosen file ends in: the CV is checked by its content before it is sent. */
const UPLOAD_OUTCOMES: ApplicationEvent[] = [
  { type: 'UPLOAD.DONE', filename: 'cv.pdf' },
  { type: 'UPLOAD.FAILED', message: 'Invalid file type. Please select a PDF or Word file.', errors: {} },
];

/** The events a person (or the server) can produce now, with the given answers. */
export function browserEvents(answers: Answers = GOOD) {
  return (s: Snapshot): ModelEvent[] => {
    const handled = new Set<string>(ownEvents(s));
    const c = context(s);
    // Somebody else's application: the path proves the email on this device and ends there.
    if (OTHER_EMAILS.includes(c.form.email as (typeof OTHER_EMAILS)[number]) && !s.matches('getStarted')) {
      if (!s.matches('verifyEmail')) return [];
    }
    if (s.matches({ eligibility: { cv: 'uploading' } })) return UPLOAD_OUTCOMES;
    if (busy(s)) return serverOutcomes(s).filter((e) => handled.has(e.type));
    const next = missing(s)[0] as FormField | undefined;
    const inKeyInformation = s.matches({ other: 'keyInformation' });
    const fill: ModelEvent[] = [];
    if (
      next &&
      answers[next] !== undefined &&
      (!modal(s) || (inKeyInformation && next.startsWith('agreement')))
    )
      fill.push({ type: 'FIELD.CHANGE', field: next, value: answers[next]! });
    if (next === 'email' && s.matches('communications')) {
      // Only after 'Use a different email address': the first address is taken on the server now.
      fill.splice(0, fill.length, { type: 'FIELD.CHANGE', field: next, value: SECOND_EMAIL });
    } else if (next === 'email')
      fill.push(...OTHER_EMAILS.map((value) => ({ type: 'FIELD.CHANGE' as const, field: next, value })));
    const code: ModelEvent[] =
      s.matches({ verifyEmail: 'entering' }) && !c.token ? [{ type: 'CODE.CHANGE', value: '123456' }] : [];
    const navigation = reloadSafe(s) ? NAVIGATION : [];
    const timers = serverOutcomes(s).filter(
      (e) =>
        (e.type === 'xstate.done.actor.otpTimer' && !c.canResend) ||
        e.type === 'xstate.done.actor.videoQuiz' ||
        // The success page's live standing arrives by itself.
        (e.type.endsWith('.actor.loadStanding') && s.matches('success')) ||
        e.type.endsWith('.loadCohort'),
    );
    return (
      [...fill, ...code, ...timers, ...PERSON_EVENTS, ...navigation]
        .filter((e) => handled.has(e.type))
        .filter((e) => c.submitted || !AFTER_SUBMISSION.includes(e.type))
        // The one-time save of the video progress is offered once.
        .filter((e) => e.type !== 'VIDEO.SUBMITTED' || !c.videoProgressSubmitted)
    );
  };
}

/** What the guards (and this server model) read: snapshots equal in these are one vertex. */
const serialized = new WeakMap<Snapshot, string>();
export function browserSerialize(s: Snapshot): string {
  let key = serialized.get(s);
  if (!key) {
    key = serializeOnce(s);
    serialized.set(s, key);
  }
  return key;
}

function serializeOnce(s: Snapshot): string {
  const c = context(s);
  const verifying = s.matches('verifyEmail');
  return JSON.stringify({
    v: s.value,
    who: c.form.email,
    started: c.started,
    existing: c.existing,
    submitted: c.submitted,
    verified: Boolean(c.form.email_verified_at),
    status: c.form.eligibilityStatus,
    employed: Boolean(c.form.employment_status),
    cv: s.matches('eligibility') && c.form.hasUploadedCV,
    resend: verifying && c.canResend,
    token: verifying && c.token.length > 0,
    errors: Boolean(c.errorMessage || Object.keys(c.errors).length),
    // The count alone would not change when an answer makes a conditional field required.
    missing: missing(s),
    paid: Boolean(c.form.paymentOption),
    videoSaved: c.videoProgressSubmitted,
    // A submitted applicant who watched the video to the end resumes on the confirmation.
    ended: c.form.isVideoEnded,
    // The server refuses to create an application whose bio data a typed URL skipped.
    bio: validateGroup('biodata', c.form).ok,
  });
}

/**
 * A typed URL reloads the app, so the browser takes NAVIGATE from `boot` (an odd index: 'go to the screen'), never
 * the no-op that keeps a screen (an even index); those come only from the Back button (model.test.ts).
 */
export const RELOAD_CANNOT_TAKE = /^application NAVIGATE #\d*[02468]$/;

export interface BrowserStep {
  event: ModelEvent;
  /** The model's snapshot after the event. */
  state: Snapshot;
}
export interface BrowserPath {
  name: string;
  steps: BrowserStep[];
}

type Graph = ModelGraph<ModelEvent>;

/** The model's states along a list of events, from the start. */
export const walk = (name: string, events: ModelEvent[]): BrowserPath => ({
  name,
  steps: walkEvents(events),
});

/** The transitions an event takes, and the states it passes through (eventless ones included). */
const takenOf = new WeakMap<Snapshot, Map<string, { transitions: string[]; states: string[] }>>();
export function taken(s: Snapshot, e: ModelEvent): { transitions: string[]; states: string[] } {
  const known = takenOf.get(s) ?? new Map<string, { transitions: string[]; states: string[] }>();
  takenOf.set(s, known);
  const key = serializeEvent(e);
  const found = known.get(key);
  if (found) return found;
  const result = takenOnce(s, e);
  known.set(key, result);
  return result;
}

function takenOnce(s: Snapshot, e: ModelEvent): { transitions: string[]; states: string[] } {
  const transitions = applicationMachine.getTransitionData(s as never, e as never).map(transitionKey);
  const states = getMicrosteps(applicationMachine, s as never, e as never).flatMap(([m]) =>
    (m as Snapshot)._nodes.map((n) => n.id),
  );
  const always = eventlessTaken(applicationMachine, states);
  return { transitions: [...new Set([...transitions, ...always])], states };
}

const breadthFirst = (adjacency: Graph) => shortestPaths(adjacency, browserSerialize);

const graph = (answers: Answers) =>
  getAdjacencyMap(applicationMachine, {
    input: MODEL_INPUT,
    // The graph library types events as the machine's own; the outcomes of invoked actors are events too.
    events: browserEvents(answers) as unknown as (s: Snapshot) => ApplicationEvent[],
    serializeState: browserSerialize,
    serializeEvent: serializeEvent as (e: ApplicationEvent) => string,
  }) as unknown as Graph;

const isPrefix = (a: ModelEvent[], b: ModelEvent[]) =>
  a.length <= b.length && a.every((e, i) => serializeEvent(e) === serializeEvent(b[i]));

/**
 * The shortest path to every state of the machine, then the shortest path through each transition that those do
 * not take yet; a path that is the start of another is replayed as part of it.
 */
function coveringPaths(adjacency: Graph, toVertex: Map<string, ModelEvent[]>): BrowserPath[] {
  const vertices = byDistance(adjacency, toVertex, browserSerialize);
  const chosen: { name: string; events: ModelEvent[] }[] = [];
  // 1. Every state, by the shortest path that enters it.
  const states = new Set<string>();
  for (const { state, transitions } of vertices) {
    const head = toVertex.get(browserSerialize(state))!;
    for (const { event } of Object.values(transitions)) {
      const fresh = taken(state, event).states.filter((id) => !states.has(id));
      if (!fresh.length) continue;
      fresh.forEach((id) => states.add(id));
      chosen.push({ name: `to ${fresh.join(', ')}`, events: [...head, event] });
    }
  }
  // 2. Every transition the graph offers that step 1 has not taken: from where a path ends, on to the nearest edge
  // that takes one, while the path stays short enough to read when it fails; then a new path from the start.
  const covered = new Set(chosen.flatMap(({ events }) => walkTransitions(events)));
  const edgeKeys = (from: Snapshot, event: ModelEvent) =>
    taken(from, event).transitions.filter((k) => !covered.has(k) && !RELOAD_CANNOT_TAKE.test(k));
  for (;;) {
    let at = browserSerialize(start());
    const events: ModelEvent[] = [];
    const names: string[] = [];
    for (;;) {
      const next = nearestUncovered(adjacency, at, edgeKeys);
      if (!next || events.length + next.events.length > MAX_STEPS) break;
      events.push(...next.events);
      walkTransitions(events).forEach((k) => covered.add(k));
      names.push(...next.keys);
      at = next.vertex;
    }
    if (!events.length) break;
    chosen.push({ name: `through ${names.join(', ')}`, events });
  }
  const kept = chosen.filter(
    (p, i) =>
      !chosen.some(
        (q, j) => j !== i && isPrefix(p.events, q.events) && (p.events.length < q.events.length || j < i),
      ),
  );
  return kept.map((p) => walk(p.name, p.events));
}

/** Paths longer than this are split, so that a failure names a short story. */
const MAX_STEPS = 80;

/** Breadth-first from one vertex to the nearest edge that takes a transition no path has taken yet. */
function nearestUncovered(
  adjacency: Graph,
  from: string,
  fresh: (s: Snapshot, e: ModelEvent) => string[],
): { events: ModelEvent[]; keys: string[]; vertex: string } | null {
  const seen = new Map<string, ModelEvent[]>([[from, []]]);
  const queue = [from];
  while (queue.length) {
    const key = queue.shift()!;
    const vertex = adjacency[key];
    if (!vertex) continue;
    for (const { event, state } of Object.values(vertex.transitions)) {
      const keys = fresh(vertex.state, event);
      if (keys.length) return { events: [...seen.get(key)!, event], keys, vertex: browserSerialize(state) };
    }
    for (const { event, state } of Object.values(vertex.transitions)) {
      const next = browserSerialize(state);
      if (seen.has(next)) continue;
      seen.set(next, [...seen.get(key)!, event]);
      queue.push(next);
    }
  }
  return null;
}

function walkTransitions(events: ModelEvent[]): string[] {
  let snapshot = start();
  return events.flatMap((e) => {
    const t = taken(snapshot, e).transitions;
    snapshot = transition(applicationMachine, snapshot as never, e as never)[0] as Snapshot;
    return t;
  });
}

/**
 * One path per answer branch: the generated shortest path to where the branch shows, replayed with that branch's
 * answers. The person's other actions stay; each screen is filled (conditional fields too) with the branch's
 * answers before it is saved, and the server's answers are the model's answers for what was filled.
 */
function branchPaths(adjacency: Graph, toVertex: Map<string, ModelEvent[]>): BrowserPath[] {
  const own = (s: Snapshot) => context(s).form.email === OWN_EMAIL && !busy(s);
  const shortest = (reached: (s: Snapshot) => boolean) =>
    Object.values(adjacency)
      .filter(({ state }) => own(state) && reached(state))
      .map(({ state }) => toVertex.get(browserSerialize(state))!)
      .sort((a, b) => a.length - b.length)[0];
  const toResult = shortest((s) => s.matches({ eligibility: { answers: 'result' } }));
  const toOther = shortest(savedEmployment);
  return Object.entries(BRANCHES).map(([name, { answers, until }]) => {
    let snapshot = start();
    const events: ModelEvent[] = [];
    const step = (e: ModelEvent) => {
      events.push(e);
      snapshot = transition(applicationMachine, snapshot as never, e as never)[0] as Snapshot;
    };
    for (const e of until === savedEmployment ? toOther : toResult) {
      if (until(snapshot)) break;
      if (e.type === 'FIELD.CHANGE' && e.field !== 'email') continue;
      if (e.type === 'SAVE' || e.type === 'SUBMIT') {
        for (
          let next = missing(snapshot)[0];
          next && answers[next as FormField] !== undefined;
          next = missing(snapshot)[0]
        )
          step({ type: 'FIELD.CHANGE', field: next as FormField, value: answers[next as FormField]! });
      }
      const answered = e.type.startsWith('xstate.done.actor.')
        ? serverOutcomes(snapshot).find((o) => o.type === e.type)
        : e;
      if (!answered) throw new Error(`${name}: the server would not answer ${e.type}`);
      step(answered);
    }
    if (!until(snapshot)) throw new Error(`no path reaches the branch ${name}`);
    return walk(name, events);
  });
}

/** The generated paths: every state, every transition, every answer branch. */
export function generatePaths(): { paths: BrowserPath[]; branches: BrowserPath[]; vertices: number } {
  const adjacency = graph(GOOD);
  const toVertex = breadthFirst(adjacency);
  return {
    paths: coveringPaths(adjacency, toVertex),
    branches: branchPaths(adjacency, toVertex),
    vertices: Object.keys(adjacency).length,
  };
}

/** The shortest path (with the usual answers) to a snapshot the predicate accepts. */
export function shortestPathTo(name: string, reached: (s: Snapshot) => boolean): BrowserPath {
  const adjacency = graph(GOOD);
  const toVertex = breadthFirst(adjacency);
  const events = Object.values(adjacency)
    .filter(({ state }) => reached(state))
    .map(({ state }) => toVertex.get(browserSerialize(state))!)
    .sort((a, b) => a.length - b.length)[0];
  return walk(name, events);
}
