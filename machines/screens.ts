/**
 * The screen table: every screen of the application wizard and after it, in one row each. The wizard's rows come
 * from the step files (machines/steps/), the screens after submission are listed here. The machine's routes, route
 * guards, screen meta and progress, the shell's screen map and the tests' validation groups and headings are all
 * read from here (docs/architecture.md, "The screen table"). No React, no XState.
 */
import { STEPS, type StepRow } from './steps';
import { stepNumbers, type ScreenRow } from './steps/spec';
import type { ValidationGroup } from './validation';

export type { Access, ScreenRow } from './steps/spec';

/** The screens after submission: not wizard steps, so no step file of their own. */
const AFTER_SUBMISSION = [
  {
    state: 'success',
    path: '/apply/success',
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
    title: 'Payment failed',
    access: 'anyone',
    wizard: false,
    group: null,
    screen: 'Failed',
    prefetch: false,
  },
] as const satisfies readonly (Omit<ScreenRow, 'step'> & { group: ValidationGroup | null })[];

/** Each wizard step's number, from the list's order (machines/steps/index.ts). */
const NUMBERS = stepNumbers(STEPS);
/** The last step's number: the screens after submission show it too (the bar full). */
const LAST_STEP = NUMBERS[NUMBERS.length - 1];

/**
 * Every screen: the wizard's steps (each step's row, machines/steps/, numbered by its place in the list), then the
 * screens after submission. Every row's group is a validation group: a step's row names its own or a shared one.
 */
export const SCREEN_TABLE: readonly ((StepRow | (typeof AFTER_SUBMISSION)[number]) & {
  step: number;
  group: ValidationGroup | null;
})[] = [
  ...STEPS.map((step, i) => ({ ...step.row, step: NUMBERS[i] })),
  ...AFTER_SUBMISSION.map((row) => ({ ...row, step: LAST_STEP })),
];

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

/**
 * The sections the counter names, 'N of SECTIONS': every step but the last, which reads 'Final step' ('6 of 5' would
 * read as a mistake: docs/decisions/002-option-lists-the-spec-only-sketches.md). Counted from the list of steps.
 */
export const SECTIONS = LAST_STEP - 1;

/** The bar's share of one step: 16.67% with six steps (docs/product.md §4), the last step filling it. */
const STEP_PERCENT = Math.round(10_000 / LAST_STEP) / 100;

/** The progress bar's width (docs/product.md §4: 16.67% × step) and the 'N of 5' counter. */
export const progressOf = (step: number) => ({
  percentage: Math.min(100, Math.round(STEP_PERCENT * step * 100) / 100),
  counter: step > SECTIONS ? 'Final step' : `${step} of ${SECTIONS}`,
});
