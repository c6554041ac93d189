/**
 * The wizard step as one unit (docs/architecture.md, "A step is its file and its state"): each
 * `machines/steps/<step>.ts` exports one `StepSpec`, and the screen table (the step numbers), the chart (each step's
 * way on to the next), the resume order, the validation groups, the server's step routes and bodies, the database's
 * step columns, the saved application, the OpenAPI answers, what a submission lacks, the exports, the erasure, the
 * staff page's answers, the open questions' links and the steps' own save actors all loop over the list in
 * `machines/steps/index.ts`.
 */
import type { AnyObjectSchema } from 'yup';
import type { Option } from '../rules/options';

/**
 * Who may see a screen; anyone else is taken to the nearest screen they may see (see resolveRoute):
 * - `anyone`: no condition;
 * - `ownAnswers`: started, and once the application exists only after the email is proved (its answers are shown);
 * - `unproved`: started and not yet proved (a proved applicant goes on to eligibility);
 * - `verified`, `eligible`, `submitted`: proved, then scored eligible (the server's rule, opensLaterSteps in
 *   machines/rules/eligibility.ts), then submitted.
 */
export type Access = 'anyone' | 'ownAnswers' | 'unproved' | 'verified' | 'eligible' | 'submitted';

/** A row of the screen table (machines/screens.ts): a step's, or a screen's after submission. */
export interface ScreenRow {
  /** The machine's top-level state for this screen. */
  state: string;
  path: string;
  /**
   * The step counter (docs/product.md §2.2); the progress bar is 16.67% × step. Derived, never written: a wizard
   * step's from its place in the list of steps (`stepNumbers`), a screen after submission's is the last step's.
   */
  step: number;
  /** The document title's first part. */
  title: string;
  /** The page's main heading where it is not the title. */
  heading?: string;
  access: Access;
  /** A wizard step shows the progress bar and the counter; the screens after submission do not. */
  wizard: boolean;
  /**
   * The validation group of the screen's form, if it has one: a shared group (machines/rules/schemas.ts) or the
   * step's own. The screen table checks that each is one (machines/screens.ts).
   */
  group: string | null;
  /** The key of the screen component the shell shows (src/app/screens.ts maps each key to a screen). */
  screen: string;
  /** Fetched ahead when the browser is idle, so that it is there when the step before it is saved. */
  prefetch: boolean;
}

/**
 * The form as a step's functions read it: the step names the answers it reads (its own, the email), and the whole
 * form (machines/applicationForm.ts, read from the steps) is given to them.
 */
export type StepForm = Readonly<Record<string, unknown>>;

/**
 * A question of a step, kept with the step: the words its screen shows, and the catalogue's message (docs/product.md
 * §8) for an answer missing or wrong, which the browser, the server and the error handler all give.
 */
export interface Question {
  label: string;
  message: string;
  /** How the screen asks it (src/wizard/QuestionField.tsx); a plain text box by default. */
  control?: 'textarea' | 'select' | 'radio' | 'date' | 'scale';
  options?: readonly Option[];
  hint?: string;
  /** Asked (and required) only when the answer to `field` is one of `values`. */
  askedWhen?: { field: string; values: readonly string[] };
}

/** Whether a question is asked, given the answers so far. */
export const isAsked = (question: Question, answers: Readonly<Record<string, unknown>>): boolean =>
  !question.askedWhen || question.askedWhen.values.includes(String(answers[question.askedWhen.field]));

/** A step's row as its file writes it: the screen table (machines/screens.ts) adds its number from the list's order. */
export type StepFileRow = Omit<ScreenRow, 'step'> & { wizard: true };

export interface StepSpec {
  /** Its row of the screen table (machines/screens.ts): state, path, title, access, group, screen. */
  row: StepFileRow;
  /**
   * A screen of the step before it rather than a step of its own: it shows that step's number (the code is part of
   * Communications, docs/product.md §2.2).
   */
  continuesStep?: true;
  /**
   * Its answers' one schema (docs/decisions/130-one-schema-a-step.md): the browser's validation (group `row.group`),
   * the server's body (its JSON schema is derived from it, server/routes/schemas.ts) and the answers' type
   * (`Answers<group>`). Null for a step whose group is shared (the email, the code).
   */
  schema: AnyObjectSchema | null;
  /** Its fields in the order the screen shows them: the export's columns and the open questions' links. */
  fields: readonly string[];
  /** Its own questions, by field name in the screen's order (absent where its fields are shared: email, code). */
  questions?: Readonly<Record<string, Question>>;
  /**
   * The catalogue's message (docs/product.md §8) for each of its own fields that its screen does not draw from
   * `questions` (the screen writes the label out), and for a wrong answer the server alone can tell.
   */
  messages?: Readonly<Record<string, string>>;
  /** Where the server keeps the answers: a JSON column, named as in the saved application. Absent: flat columns. */
  column?: string;
  /**
   * The heading of its answers on an application's staff page, where its title speaks to the applicant (the staff
   * pages speak about them, not to them); its title otherwise.
   */
  staffTitle?: string;
  /** The fields the step itself saves (the others come later, as the agreements with submit); all by default. */
  saves?: readonly string[];
  /**
   * The step's own save route (an answer step like employment): one handler over all of them. `actor` names the
   * actor its state invokes to post the payload there, which the machine's setup declares and the app builds from
   * this (src/app/applicationActors.ts); absent where another actor sends it (the open answers go with the submission).
   */
  save?: { path: string; summary: string; saved: string; actor?: string };
  /** What the step sends, built from the form (a method: each step's reads only the answers it names). */
  payload?(form: StepForm): object;
  /**
   * A step after eligibility that a returning applicant may resume on: the first such step whose answers are not
   * saved yet (`answered`) is where they come back to.
   */
  resume?: { answered(form: StepForm): boolean };
}

/** The fields a step saves. */
export const savedFields = (step: StepSpec): readonly string[] => step.saves ?? step.fields;

/**
 * Each step's number, in the list's order: one more than the step before, or the same for a step that continues it.
 * Adding a spec to the list renumbers the steps after it; no step writes its number.
 */
export const stepNumbers = (steps: readonly StepSpec[]): number[] =>
  steps.reduce<number[]>((numbers, step, i) => {
    const before = i === 0 ? 0 : numbers[i - 1];
    return [...numbers, step.continuesStep ? before : before + 1];
  }, []);

/** The answers a payload carries: these fields of the form, as they are. */
export const pick = <F, K extends keyof F>(form: F, fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, form[field]])) as Pick<F, K>;
