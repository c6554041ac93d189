/**
 * Bio Data: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A step is
 * its file and its state"); the step's file, machines/steps/biodata.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { whenValid, type NextStep } from './shared';

export const state = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig({
    entry: 'clearErrors',
    on: {
      SAVE: whenValid('biodata', next),
    },
  });
