/**
 * Bio Data: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A step is
 * its file and its state"); the step's file, machines/steps/biodata.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { row } from '../steps/biodata';
import { rowMeta } from '../steps/spec';
import { whenValid } from './shared';

export const state = (machine: ApplicationSetup) =>
  machine.createStateConfig({
    meta: rowMeta(row),
    entry: 'clearErrors',
    on: {
      SAVE: whenValid('biodata', 'communications'),
    },
  });
