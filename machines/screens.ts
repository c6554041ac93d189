/**
 * The screen table: every screen of the application wizard and after it, in one row each. The machine's routes,
 * route guards, screen meta and progress, the shell's screen map and the tests' validation groups and headings are
 * all read from here, so a new step is one row here, its states in the machine and its screen
 * (docs/architecture.md, "The screen table"). Pure data: no React, no XState.
 */
import type { ValidationGroup } from './rules';

/**
 * Who may see a screen; anyone else is taken to the nearest screen they may see (see resolveRoute):
 * - `anyone`: no condition;
 * - `ownAnswers`: started, and once the application exists only after the email is proved (its answers are shown);
 * - `unproved`: started and not yet proved (a proved applicant goes on to eligibility);
 * - `verified`, `eligible`, `submitted`: proved, then scored eligible (the server's rule, opensLaterSteps in
 *   machines/rules/eligibility.ts), then submitted.
 */
export type Access = 'anyone' | 'ownAnswers' | 'unproved' | 'verified' | 'eligible' | 'submitted';

export interface ScreenRow {
  /** The machine's top-level state for this screen. */
  state: string;
  path: string;
  /** The step counter (docs/product.md §2.2); the progress bar is 16.67% × step. */
  step: number;
  /** The document title's first part. */
  title: string;
  /** The page's main heading where it is not the title. */
  heading?: string;
  access: Access;
  /** A wizard step shows the progress bar and the counter; the screens after submission do not. */
  wizard: boolean;
  /** The validation group of the screen's form, if it has one. */
  group: ValidationGroup | null;
  /** The key of the screen component the shell shows (src/app/ApplicationShell.tsx maps each key to a screen). */
  screen: string;
  /** Fetched ahead when the browser is idle, so that it is there when the step before it is saved. */
  prefetch: boolean;
}

export const SCREEN_TABLE = [
  {
    state: 'getStarted',
    path: '/apply',
    step: 1,
    title: 'Get Started',
    access: 'anyone',
    wizard: true,
    group: 'email',
    screen: 'GetStarted',
    // In the first chunk already.
    prefetch: false,
  },
  {
    state: 'biodata',
    path: '/apply/biodata',
    step: 2,
    title: 'Bio Data',
    access: 'ownAnswers',
    wizard: true,
    group: 'biodata',
    screen: 'Biodata',
    prefetch: true,
  },
  {
    state: 'communications',
    path: '/apply/communications',
    step: 3,
    title: 'Communications',
    access: 'ownAnswers',
    wizard: true,
    group: 'communications',
    screen: 'Communications',
    prefetch: true,
  },
  {
    state: 'verifyEmail',
    path: '/apply/verify-email',
    step: 3,
    title: 'Verify your email address',
    access: 'unproved',
    wizard: true,
    group: 'code',
    screen: 'VerifyEmail',
    prefetch: true,
  },
  {
    state: 'eligibility',
    path: '/apply/eligibility',
    step: 4,
    title: 'Eligibility',
    access: 'verified',
    wizard: true,
    group: 'eligibility',
    screen: 'Eligibility',
    prefetch: true,
  },
  {
    state: 'employment',
    path: '/apply/employment',
    step: 5,
    title: 'Employment',
    access: 'eligible',
    wizard: true,
    group: 'employment',
    screen: 'Employment',
    prefetch: true,
  },
  {
    state: 'other',
    path: '/apply/other',
    step: 6,
    title: 'Getting to know you',
    access: 'eligible',
    wizard: true,
    group: 'others',
    screen: 'Other',
    prefetch: true,
  },
  {
    state: 'success',
    path: '/apply/success',
    step: 6,
    title: 'Application submitted',
    heading: 'Well done for submitting your application',
    access: 'submitted',
    wizard: false,
    group: null,
    screen: 'Success',
    prefetch: true,
  },
  {
    state: 'selectionVideo',
    path: '/apply/selection-video',
    step: 6,
    title: 'Info Video',
    access: 'anyone',
    wizard: false,
    group: null,
    screen: 'SelectionVideo',
    prefetch: false,
  },
  {
    state: 'confirmation',
    path: '/apply/confirmation',
    step: 6,
    title: 'Confirmation',
    heading: 'Congratulations, you have been accepted!',
    access: 'anyone',
    wizard: false,
    group: null,
    screen: 'Confirmation',
    prefetch: false,
  },
  {
    state: 'failed',
    path: '/failed',
    step: 6,
    title: 'Payment failed',
    access: 'anyone',
    wizard: false,
    group: null,
    screen: 'Failed',
    prefetch: false,
  },
] as const satisfies readonly ScreenRow[];

export type ScreenState = (typeof SCREEN_TABLE)[number]['state'];
/** The key of a screen component: the shell's map must have one entry for each. */
export type ScreenKey = (typeof SCREEN_TABLE)[number]['screen'];
export type Screen = (typeof SCREEN_TABLE)[number];

/** What a screen's state carries as `meta`: its route, step and title. */
export interface ScreenMeta {
  path: string;
  step: number;
  title: string;
}

const byState = new Map<string, Screen>(SCREEN_TABLE.map((row) => [row.state, row]));

/** The row of a screen state. */
export const screenRow = (state: ScreenState): Screen => byState.get(state)!;

/** The row whose path is `path` ('/apply/' is '/apply' once its trailing slash is gone), if any. */
export const screenAt = (path: string): Screen | undefined => {
  const clean = path.replace(/\/+$/, '');
  return SCREEN_TABLE.find((row) => row.path === clean);
};

/** The `meta` of a screen's state in the machine. */
export const screenMeta = (state: ScreenState): ScreenMeta => {
  const { path, step, title } = screenRow(state);
  return { path, step, title };
};

/** The heading the page shows for a screen (its title unless the row names another). */
export const screenHeading = (state: ScreenState): string => {
  const row: ScreenRow = screenRow(state);
  return row.heading ?? row.title;
};

export const WIZARD_STEPS: readonly ScreenState[] = SCREEN_TABLE.filter((row) => row.wizard).map(
  (row) => row.state,
);
