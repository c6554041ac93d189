/**
 * The wizard's steps, in order: one line here and one file beside it add a step to the server and the app's actors,
 * its state (machines/stepStates/) to the chart; its screen adds a line to the shell's registry, src/app/screens.ts
 * (docs/architecture.md, "A step is its file and its state"). Everything that lists steps or their fields loops over
 * this list, and its order numbers the steps and leads each one on to the next (machines/screens.ts,
 * machines/application.machine.ts).
 */
import * as biodata from './biodata';
import * as communications from './communications';
import * as eligibility from './eligibility';
import * as employment from './employment';
import * as getStarted from './getStarted';
import * as other from './other';
import type { StepSpec } from './spec';
import * as verifyEmail from './verifyEmail';

/**
 * Each step's module: its `row` and `schema` are read from here for the types (the form's type comes from the
 * schemas, and the specs' functions take the form, so the types are read from the parts, not the whole spec).
 */
const MODULES = [getStarted, biodata, communications, verifyEmail, eligibility, employment, other] as const;
type StepModule = (typeof MODULES)[number];

export const STEPS = MODULES.map((module) => module.spec);

export type Step = (typeof STEPS)[number];
export type StepRow = StepModule['row'];

/** The same list as specs (checked here rather than in each file, so that the list keeps its own types). */
export const STEP_SPECS: readonly StepSpec[] = STEPS;

/** The steps that own their answers' schema: the validation groups they add, each under its row's group. */
export type StepSchemas = {
  [M in Extract<StepModule, { schema: object }> as M['row']['group']]: M['schema'];
};

/** Each step's own schema under its group's name (machines/rules/schemas.ts adds the shared groups). */
export const stepSchemas = (steps: readonly StepSpec[] = STEP_SPECS) =>
  Object.fromEntries(
    steps.flatMap((step) => (step.schema ? [[step.row.group, step.schema]] : [])),
  ) as StepSchemas;

/** The steps whose answers the server keeps in a JSON column of their own, in the wizard's order. */
export const storedSteps = (steps: readonly StepSpec[] = STEP_SPECS) =>
  steps.filter((step): step is StepSpec & { column: string } => step.column !== undefined);

/** The JSON columns the steps keep their answers in (the database's types have one for each, server/db/schema.ts). */
export type StoredColumn = Extract<Step, { column: string }>['column'];

/** A step that saves through an actor of its own: its state invokes `save.actor`, which posts to `save.path`. */
export type SavingStep = StepSpec & { save: { actor: string } };

/** The names of the steps' own save actors (the machine's setup declares one for each). */
export type StepSaveActor = Extract<StepModule, { save: { actor: string } }>['save']['actor'];

/** The steps that save through an actor of their own, in the wizard's order. */
export const savingSteps = (steps: readonly StepSpec[] = STEP_SPECS) =>
  steps.filter((step): step is SavingStep => step.save?.actor !== undefined);

/** Each step's own fields' messages, by field name: the catalogue's words the server gives for a step's field. */
export const STEP_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(
  STEP_SPECS.flatMap((step) => [
    ...Object.entries(step.questions ?? {}).map(([name, question]) => [name, question.message]),
    ...Object.entries(step.messages ?? {}),
  ]),
);

/**
 * The screens an applicant may see before the application exists (it is created when Communications is saved): the
 * wizard steps open to anyone or to the applicant's own answers (`Access`, machines/steps/spec.ts). The browser sends
 * one anonymous beacon for each (src/app/funnelBeacons.ts) and the funnel counts them (server/staff/funnel.ts).
 */
type BeaconRow = Extract<StepRow, { access: 'anyone' | 'ownAnswers' }>;
export type FunnelBeaconStep = BeaconRow['state'];

export const FUNNEL_BEACON_STEPS: readonly FunnelBeaconStep[] = STEPS.map((step) => step.row)
  .filter((row): row is BeaconRow => row.access === 'anyone' || row.access === 'ownAnswers')
  .map((row) => row.state);

export type { StepSpec } from './spec';
export { savedFields } from './spec';
