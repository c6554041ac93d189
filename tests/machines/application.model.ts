/**
 * The application machine as a graph for model-based tests: the events a person (and the server) can send in each
 * state, and the parts of a snapshot that its guards depend on. Shared by the machine test and the UI replay.
 */
import { getAdjacencyMap } from 'xstate/graph';
import {
  getMicrosteps,
  __unsafe_getAllOwnEventDescriptors as ownEvents,
  type AnyMachineSnapshot,
} from 'xstate';
import {
  applicationMachine,
  ROUTES,
  screenStateOf,
  type ApplicationEvent,
  type FieldValue,
  type FormField,
} from '../../machines/application.machine';
import { screenRow } from '../../machines/screens';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  EMPLOYMENT_FREELANCER,
  FEEDBACK_HANDLING,
  HIGHEST_QUALIFICATIONS,
  OPENNESS_TO_TOOLS,
  REFERRAL_SOURCES,
  WORK_DISRUPTION_FEELINGS,
  WORK_EXPERIENCE_YEARS,
} from '../../machines/rules';
import { OTHERS_ANSWERS } from '../../machines/steps/other';
import { validateGroup, type ValidationGroup } from '../../machines/validation';
import { type SavedApplication } from '../../machines/savedApplication';
import {
  byDistance,
  MODEL_INPUT,
  MODEL_NOW,
  PERSON_EVENTS as CONTROLS,
  serializeEvent,
  shortestPaths,
  walkEvents,
  type Graph as ModelGraph,
} from '../support/applicationModel';
import { eventlessTaken, transitionKey, type ModelPath } from './support/graphReplay';
import { savedApplication } from '../support/answers';

export { MODEL_INPUT, MODEL_NOW };
export const MODEL_EMAIL = 'ada@example.com';

/** One right answer per field; a screen's fields are filled one event at a time, in the schema's order. */
export const GOOD: Partial<Record<FormField, FieldValue>> = {
  email: MODEL_EMAIL,
  firstname: 'Ada',
  lastname: 'Obi',
  gender: 'female',
  country: 'Nigeria',
  city: 'Nigeria, Lagos',
  phone: '+2348031234567',
  referral_source: REFERRAL_SOURCES[1].value,
  privacy_consent: true,
  openness_to_tools: OPENNESS_TO_TOOLS[0].value,
  work_disruption_feelings: WORK_DISRUPTION_FEELINGS[0].value,
  feedback_handling: FEEDBACK_HANDLING[0].value,
  approach_to_new_tasks: APPROACH_TO_NEW_TASKS[0].value,
  education_focus: EDUCATION_FOCUS[0].value,
  highest_qualification: HIGHEST_QUALIFICATIONS[1].value,
  employment_status: EMPLOYMENT_FREELANCER,
  work_experience_years: WORK_EXPERIENCE_YEARS[1].value,
  key_challenge: 'Staying consistent when nobody is watching.',
  leadership_experience: 'I led the final-year project team.',
  distractions: 'I switch off notifications and plan my day.',
  bootcamp_expectations: 'A job I am proud of within 12 weeks.',
  agreement: true,
  agreement1: true,
  agreement2: true,
};

type Snapshot = AnyMachineSnapshot;
type Graph = ModelGraph<ApplicationEvent>;

/** The validation group (and fields) of the screen a snapshot is on. */
export function screenGroup(s: Snapshot): { group: ValidationGroup; only?: readonly string[] } | null {
  if (s.matches({ other: 'editing' })) return { group: 'others', only: OTHERS_ANSWERS };
  const state = screenStateOf(s);
  const group = state ? screenRow(state).group : null;
  return group ? { group } : null;
}

const missing = (s: Snapshot) => {
  const g = screenGroup(s);
  return g ? Object.keys(validateGroup(g.group, s.context.form, g.only).errors) : [];
};

/** What the guards read, and nothing else: snapshots equal in these are one vertex of the graph. */
export function serialize(s: Snapshot): string {
  const c = s.context;
  // Bits that only one screen's guards read are kept only while on that screen; elsewhere they would multiply
  // the graph without adding a transition.
  const verifying = s.matches('verifyEmail');
  return JSON.stringify({
    v: s.value,
    started: c.started,
    existing: c.existing,
    submitted: c.submitted,
    verified: Boolean(c.form.email_verified_at),
    status: c.form.eligibilityStatus,
    cv: s.matches('eligibility') && c.form.hasUploadedCV,
    resend: verifying && c.canResend,
    token: verifying && c.token.length > 0,
    // 'Use a different email address' keeps the bio data when there is one to keep.
    bio: verifying && validateGroup('biodata', c.form).ok,
    missing: missing(s).length,
    ended: s.matches('selectionVideo') && c.form.isVideoEnded,
    // A sign-in asked from the video page comes back to it (decision 243).
    returnTo: c.signInReturn,
  });
}

/** A screen at rest: no dialog open, no call under way, nothing typed yet or everything typed. */
const atRest = (s: Snapshot) => {
  // Get Started's cohort is loading while its form already takes the email.
  if (s.hasTag('busy') || s.hasTag('dialog') || s.matches({ getStarted: 'loadingCohort' })) return false;
  const g = screenGroup(s);
  if (!g) return true;
  const left = missing(s).length;
  return left === 0 || left === Object.keys(validateGroup(g.group, {}, g.only).errors).length;
};

const saved = (over: Partial<SavedApplication> = {}): SavedApplication =>
  savedApplication(MODEL_EMAIL, { city: 'Nigeria, Lagos', phone: '+2348031234567', ...over });

const eligibleSaved = (employment_status = '') =>
  saved({
    stage: employment_status ? 'employment' : 'eligibility',
    eligibility: { ...saved().eligibility, status: 'eligible' },
    employment: { ...saved().employment, employment_status },
  });

/** A returning applicant at each point a resume can land on. */
export const SAVED_VARIANTS: SavedApplication[] = [
  saved(),
  eligibleSaved(),
  eligibleSaved(EMPLOYMENT_FREELANCER),
  saved({
    ...eligibleSaved(EMPLOYMENT_FREELANCER),
    stage: 'submitted',
    submitted_at: '2026-11-23T01:00:00.000Z',
  }),
  // Watched to the end, reminder set: back on the confirmation.
  saved({
    ...eligibleSaved(EMPLOYMENT_FREELANCER),
    stage: 'submitted',
    submitted_at: '2026-11-23T01:00:00.000Z',
    video: { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 },
    reminder_date: '2026-12-01T09:00:00.000Z',
  }),
];

const failure = { message: 'The server said no', errors: { email: ['The server said no'] } };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown = failure) => ({ type: `xstate.error.actor.${id}`, error: e });

export const cvFile = (name: string, body = '%PDF-1.7 test') =>
  new File([body], name, { type: 'application/pdf' });
const GOOD_CV = cvFile('cv.pdf');
const BAD_CV = cvFile('cv.exe');

/** The server's and the timers' answers, as the model delivers them. */
const ACTOR_OUTCOMES = [
  done('loadCohort', { id: 6, name: 'Cohort 6' }),
  error('loadCohort'),
  done('lookupApplication', { kind: 'new' }),
  done('lookupApplication', {
    kind: 'exists',
    summary: { exists: true, stage: 'created', email_verified: false },
  }),
  ...SAVED_VARIANTS.map((application) => done('lookupApplication', { kind: 'owner', application })),
  error('lookupApplication'),
  done('createApplication', { retryAfter: 120 }),
  error('createApplication'),
  done('sendCode', { message: 'OTP sent successfully', retryAfter: 240 }),
  error('sendCode', { ...failure, retryAfter: 60 }),
  ...SAVED_VARIANTS.map((application) => done('verifyCode', application)),
  error('verifyCode'),
  done('saveEligibility', { status: 'eligible' }),
  done('saveEligibility', { status: 'action_required' }),
  done('saveEligibility', { status: 'ineligible' }),
  error('saveEligibility'),
  done('saveEmployment', undefined),
  error('saveEmployment'),
  done('submitApplication', { cohort: { id: 6, name: 'Cohort 6' }, waitlisted: false }),
  error('submitApplication'),
  done('otpTimer', undefined),
  done('signOut', undefined),
  error('signOut'),
  done('videoQuiz', { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 }),
  // Where the application stands, one answer per standing, and a failed check.
  ...(['under_review', 'accepted', 'waitlisted', 'not_successful', 'withdrawn'] as const).map((standing) =>
    done('loadStanding', { standing, cohort: { id: 6, name: 'Cohort 6', number: 6 } }),
  ),
  error('loadStanding'),
] as unknown as ApplicationEvent[];

/** A typed address for every route of the table. */
export const NAVIGATION: ApplicationEvent[] = ROUTES.map(({ path }) => ({ type: 'NAVIGATE' as const, path }));

/** The controls, and what only the jsdom model sends: a file of each kind, an upload's progress, the video's. */
const PERSON_EVENTS: ApplicationEvent[] = [
  ...CONTROLS,
  { type: 'CV.SELECT', file: GOOD_CV },
  { type: 'CV.SELECT', file: BAD_CV },
  { type: 'UPLOAD.PROGRESS', loaded: 5, total: 10 },
  { type: 'UPLOAD.DONE', filename: 'cv.pdf' },
  { type: 'UPLOAD.FAILED', message: 'Unable to upload', errors: {} },
  { type: 'VIDEO.PROGRESS', videoProgress: 100, isVideoEnded: true, attemptCounter: 1 },
  { type: 'RETRY' },
  // The withdrawal machine, once the server has withdrawn the application (decision 250).
  {
    type: 'WITHDRAWN',
    standing: {
      standing: 'withdrawn',
      cohort: { id: 6, name: 'Cohort 6', number: 6 },
      aid: null,
      withdrawable: false,
    },
  },
];

/** The events that make sense now: one more answer, the code, and whatever the state handles. */
export function eventsFor(s: Snapshot): ApplicationEvent[] {
  const handled = new Set<string>(ownEvents(s));
  const next = missing(s)[0] as FormField | undefined;
  const fill: ApplicationEvent[] =
    next && GOOD[next] !== undefined ? [{ type: 'FIELD.CHANGE', field: next, value: GOOD[next]! }] : [];
  const code: ApplicationEvent[] =
    s.matches('verifyEmail') && !s.context.token ? [{ type: 'CODE.CHANGE', value: '123456' }] : [];
  const navigation = atRest(s) ? NAVIGATION : [];
  return [...fill, ...code, ...navigation, ...PERSON_EVENTS, ...ACTOR_OUTCOMES].filter((e) =>
    handled.has(e.type),
  );
}

const options = { input: MODEL_INPUT, events: eventsFor, serializeState: serialize, serializeEvent };

const transitionsTaken = (s: Snapshot, e: ApplicationEvent): string[] => {
  const keys = applicationMachine.getTransitionData(s as never, e).map(transitionKey);
  // Eventless transitions that follow show up as the states the microsteps pass through.
  const states = getMicrosteps(applicationMachine, s as never, e).flatMap(([m]) =>
    (m as Snapshot)._nodes.map((n) => n.id),
  );
  // The eventless ones too (resume's choices): a choice that only changes the context reaches no new state.
  return [...keys, ...states.map((id) => `in ${id}`), ...eventlessTaken(applicationMachine, states)];
};

/**
 * Paths that between them take every transition the graph offers: the shortest path to each vertex, extended by
 * one edge wherever that edge takes a transition (or reaches a state) no chosen path has taken yet.
 */
export function coveringPaths(): ModelPath[] {
  const adjacency = getAdjacencyMap(applicationMachine, options) as unknown as Graph;
  const toVertex = shortestPaths(adjacency, serialize);
  const seen = new Set<string>();
  const paths: ModelPath[] = [];
  for (const { state, transitions } of byDistance(adjacency, toVertex, serialize)) {
    const head = toVertex.get(serialize(state));
    if (!head) throw new Error(`no path reaches ${serialize(state)}`);
    for (const { event } of Object.values(transitions)) {
      const fresh = transitionsTaken(state, event).filter((k) => !seen.has(k));
      if (!fresh.length) continue;
      fresh.forEach((k) => seen.add(k));
      const steps = walkEvents([...head, event]);
      paths.push({ description: steps.map((x) => x.event.type).join(' → '), steps });
    }
  }
  return paths;
}

export const graphSize = () => {
  const adjacency = getAdjacencyMap(applicationMachine, options);
  return {
    vertices: Object.keys(adjacency).length,
    edges: Object.values(adjacency).reduce((n, v) => n + Object.keys(v.transitions).length, 0),
  };
};
