/** Where a returning applicant comes back to: the furthest screen they reached (docs/decisions/050). */
import { opensLaterSteps } from './rules/eligibility';
import type { PersistedApplication } from './persistence';
import type { ScreenState } from './screens';
import { STEPS, type StepSpec } from './steps';

/** The steps a returning applicant may resume on (those after eligibility), in the wizard's order. */
const resumable = (steps: readonly StepSpec[]) =>
  steps.filter((step): step is StepSpec & Required<Pick<StepSpec, 'resume'>> => step.resume !== undefined);

/** The screens a returning applicant may resume on, furthest first (eligibility otherwise). */
export const resumeOrder = (steps: readonly StepSpec[] = STEPS): ScreenState[] => [
  'confirmation',
  'success',
  ...resumable(steps)
    .map((step) => step.row.state as ScreenState)
    .reverse(),
];

/** The furthest screen a returning applicant may resume on. */
export function resumeState(context: PersistedApplication, steps: readonly StepSpec[] = STEPS): ScreenState {
  // Whoever watched the video to the end has been on the confirmation: that is where they come back to.
  // An application in eligibility review is submitted too, but its page is its eligibility result.
  if (!opensLaterSteps(context.form.eligibilityStatus)) return 'eligibility';
  if (context.submitted) return context.form.isVideoEnded ? 'confirmation' : 'success';
  // The first step whose answers are not saved yet; the last one (the submission) otherwise.
  const open = resumable(steps);
  const next = open.find((step) => !step.resume.answered(context.form)) ?? open[open.length - 1];
  return next.row.state as ScreenState;
}
