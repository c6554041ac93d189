import type { EligibilityStatus } from './application';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  FEEDBACK_HANDLING,
  NO_POST_SECONDARY,
  OPENNESS_TO_TOOLS,
  WORK_DISRUPTION_FEELINGS,
  type Option,
} from './options';

export interface EligibilityAnswers {
  openness_to_tools: string;
  work_disruption_feelings: string;
  feedback_handling: string;
  approach_to_new_tasks: string;
  education_focus: string;
  highest_qualification: string;
}

const SCORED: ReadonlyArray<[Exclude<keyof EligibilityAnswers, 'highest_qualification'>, Option[]]> = [
  ['openness_to_tools', OPENNESS_TO_TOOLS],
  ['work_disruption_feelings', WORK_DISRUPTION_FEELINGS],
  ['feedback_handling', FEEDBACK_HANDLING],
  ['approach_to_new_tasks', APPROACH_TO_NEW_TASKS],
  ['education_focus', EDUCATION_FOCUS],
];

/** 1 to 4 by position in the list; an answer that is not in the list scores 4. */
export const scoreAnswer = (answer: string, options: Option[]): number => {
  const index = options.findIndex((o) => o.value === answer);
  return index === -1 ? 4 : index + 1;
};

export const NEGATIVE_SCORE = 3;

/** The highest qualification's score: 4 without post-secondary education, else 1. */
const scoreQualification = (answer: string): number => (answer === NO_POST_SECONDARY ? 4 : 1);

/** One answer's score as a reviewer reads it (1 the strongest, 4 the weakest), or null when it is not given. */
export function answerScore(
  name: keyof EligibilityAnswers,
  answer: string | undefined,
  options: readonly Option[],
): number | null {
  if (!answer) return null;
  return name === 'highest_qualification' ? scoreQualification(answer) : scoreAnswer(answer, [...options]);
}

/** docs/product.md §4: count the answers scoring 3 or more; 3+ ineligible; exactly 2, or no post-secondary, action_required. */
export function scoreEligibility(answers: EligibilityAnswers): {
  status: Exclude<EligibilityStatus, 'not measured'>;
  negatives: number;
  qualificationScore: number;
} {
  const negatives = SCORED.filter(
    ([field, options]) => scoreAnswer(answers[field], options) >= NEGATIVE_SCORE,
  ).length;
  const qualificationScore = scoreQualification(answers.highest_qualification);
  const status =
    negatives >= 3
      ? 'ineligible'
      : negatives === 2 || qualificationScore === 4
        ? 'action_required'
        : 'eligible';
  return { status, negatives, qualificationScore };
}

/**
 * Who may take the steps after eligibility (employment, the open questions, submission): an application scored
 * eligible, and nobody else. One rule for both sides: the server refuses those steps' writes with it
 * (server/routes/guard.ts), and the wizard's route guards send anyone else to the screen they may be on
 * (machines/application.machine.ts), so no form is shown that the server would refuse
 * (docs/decisions/008-route-guards-beyond-the-spec-s-table.md).
 */
export const opensLaterSteps = (status: EligibilityStatus): boolean => status === 'eligible';

/**
 * An application scored action_required or ineligible goes to staff as it stands when the score is saved: the review
 * chart's `eligibility_review`, where an admin accepts, waitlists or rejects it
 * (docs/decisions/008-route-guards-beyond-the-spec-s-table.md). It is submitted then, although the later steps stay closed.
 */
export const goesToEligibilityReview = (status: EligibilityStatus): boolean =>
  status === 'action_required' || status === 'ineligible';
