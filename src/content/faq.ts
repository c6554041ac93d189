/**
 * Frequently asked questions (section id `faq`) as the page shows them: the published words (an admin edits them in
 * the back office, decision 246; the build's are machines/rules/landingWords.ts `BUILT_LANDING_WORDS`) with the
 * cohort open now in place of its tokens.
 */
import type { CohortLabels } from '../../machines/rules/landingCohort';
import {
  BUILT_LANDING_WORDS,
  withCohort,
  type FaqEntry,
  type LandingWords,
} from '../../machines/rules/landingWords';

export type { FaqEntry };

export const faq = (cohort: CohortLabels, words: LandingWords = BUILT_LANDING_WORDS): readonly FaqEntry[] =>
  words.faq.map((entry) => ({
    question: withCohort(entry.question, cohort),
    answer: withCohort(entry.answer, cohort),
  }));
