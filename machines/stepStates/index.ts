/**
 * Each wizard step's state in the chart, by its row's state (docs/architecture.md, "A step is its file and its state"):
 * one line here beside the step's line in machines/steps/index.ts. machines/application.machine.ts puts them in the
 * list's order.
 */
import type { ApplicationSetup, ApplicationStateConfig } from '../application.setup';
import type { NextStep } from './shared';
import type { StepRow } from '../steps';
import * as biodata from './biodata';
import * as communications from './communications';
import * as eligibility from './eligibility';
import * as employment from './employment';
import * as getStarted from './getStarted';
import * as other from './other';
import * as verifyEmail from './verifyEmail';

export const STEP_STATES = {
  getStarted: getStarted.state,
  biodata: biodata.state,
  communications: communications.state,
  verifyEmail: verifyEmail.state,
  eligibility: eligibility.state,
  employment: employment.state,
  other: other.state,
} satisfies Record<StepRow['state'], (machine: ApplicationSetup, next: NextStep) => ApplicationStateConfig>;
