/**
 * The rule for the landing page's words an admin publishes (decision 246): at least one FAQ entry, each question and
 * answer written and within its length, the four key information cards each with a title, a first line and one to
 * LANDING_WORD_LIMITS.details lines. The back office checks its form with it, the server what it is sent. Kept apart
 * from machines/rules/landingWords.ts, which the landing page's own script imports: yup stays out of `/`.
 */
import { array, object, string, ValidationError } from 'yup';
import { BUILT_LANDING_WORDS, LANDING_WORD_LIMITS, type LandingWords } from './landingWords';
import { LANDING_WORDS_MESSAGES as M } from './messages';
import type { Issue } from './yupAnswers';

const L = LANDING_WORD_LIMITS;
const words = (required: string, max: number) =>
  string().typeError(required).trim().required(required).max(max, M.tooLong(max));

/** Every piece on its own, in the catalogue's words. */
const landingWordsSchema = object({
  faq: array()
    .typeError(M.noFaq)
    .required(M.noFaq)
    .min(1, M.noFaq)
    .max(L.faqEntries, M.tooManyFaq(L.faqEntries))
    .of(
      object({
        question: words(M.question, L.question),
        answer: words(M.answer, L.answer),
      })
        .typeError(M.question)
        .required(M.question),
    ),
  cards: array()
    .typeError(M.cards(L.cards))
    .required(M.cards(L.cards))
    .length(L.cards, M.cards(L.cards))
    .of(
      object({
        title: words(M.title, L.title),
        lead: words(M.lead, L.lead),
        details: array()
          .typeError(M.noDetails)
          .required(M.noDetails)
          .min(1, M.noDetails)
          .max(L.details, M.tooManyDetails(L.details))
          .of(words(M.detail, L.detail)),
      })
        .typeError(M.title)
        .required(M.title),
    ),
});

/**
 * The words an admin sent, trimmed, or every problem with them: a path such as `faq[2].answer` or
 * `cards[1].details[0]` with its message. The browser checks the form with it, and the server what it is sent.
 */
export function checkLandingWords(input: unknown): { value: LandingWords; issues: Issue[] } {
  try {
    const value = landingWordsSchema.validateSync(input, { abortEarly: false, stripUnknown: true });
    return { value: value as LandingWords, issues: [] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const issues = error.inner.map((e) => ({ path: e.path ?? '', message: e.message }));
    return {
      value: BUILT_LANDING_WORDS,
      issues: issues.length ? issues : [{ path: '', message: error.message }],
    };
  }
}
