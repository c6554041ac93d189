/**
 * The pages after submission promise what the application chart does next (docs/decisions/121-a-decision-is-held-until-released.md):
 * the success page's Continue opens the video, whose one quiz has the questions the words count; the video's
 * Continue opens the confirmation page, which shows where the application stands, whatever it is, so the words
 * promise that, not a place to confirm.
 */
import { describe, expect, it } from 'vitest';
import { applicationMachine } from '../../machines/application.machine';
import { NEXT_STEP_WORDS } from '../../machines/rules/nextSteps';
import { SELECTION_QUIZ } from '../../machines/rules/quiz';

type StateConfig = {
  on?: Record<string, unknown>;
  invoke?: { onDone?: { target?: string } };
  states?: Record<string, StateConfig>;
};
const states = applicationMachine.config.states as Record<string, StateConfig>;

describe('the words after submission match the chart', () => {
  it('the success page: its Continue opens the video, and it names one quiz without counting its questions', () => {
    expect(states.success.on?.CONTINUE).toBe('selectionVideo');
    expect(NEXT_STEP_WORDS.success).toMatch(/watch a short video/);
    // One quiz (one moment in the video): not "a few short quizzes".
    expect(typeof SELECTION_QUIZ.time).toBe('number');
    expect(NEXT_STEP_WORDS.success).toContain('answer a short quiz.');
    expect(NEXT_STEP_WORDS.success).not.toMatch(/quizzes/);
    // An admin's next version may ask 1 to 10 questions (decision 245), and the applicant keeps the one they
    // started: no page or email names a count that a newer version would make untrue.
    for (const words of [
      NEXT_STEP_WORDS.success,
      NEXT_STEP_WORDS.selectionVideo,
      NEXT_STEP_WORDS.submittedEmail,
    ])
      expect(words).not.toMatch(/\b(one|two|three|four|five|\d+) questions?\b/);
  });

  it('the video page: its Continue opens the confirmation, which shows any standing, so it promises only that', () => {
    expect(states.selectionVideo.invoke?.onDone?.target).toBe('confirmation');
    const shown = Object.keys(states.confirmation.states?.standing.states ?? {});
    // The confirmation shows a standing other than accepted as often as an acceptance.
    expect(shown).toEqual(expect.arrayContaining(['accepted', 'underReview', 'waitlisted', 'notSuccessful']));
    expect(NEXT_STEP_WORDS.selectionVideo).toContain('continue to see where your application stands');
    expect(NEXT_STEP_WORDS.selectionVideo).not.toMatch(/confirm your place/);
  });
});
