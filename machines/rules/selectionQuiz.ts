/**
 * The selection video and its quiz as an admin publishes them (decision 245): the video's address, poster and
 * captions, and the quiz's questions with their choices and right answers. Each published version is kept as it was:
 * an applicant is shown and scored on the version they started (docs/api.md "The selection video and quiz").
 * Plain functions only: the server and the staff screen both import this file.
 */
import { object, string } from 'yup';
import { STAFF_API } from './api';
import { QUIZ_MESSAGES as M } from './messages';
import { checkAnswers, type Issue } from './yupAnswers';

export const QUIZ_QUESTIONS_MAX = 10;
export const QUIZ_CHOICES_MIN = 2;
export const QUIZ_CHOICES_MAX = 6;
export const QUIZ_TEXT_MAX = 300;
export const QUIZ_URL_MAX = 2000;

export interface QuizChoiceSetting {
  label: string;
  /** A right answer; a question may have more than one, and picking any of them is right. */
  correct: boolean;
}

export interface QuizQuestionSetting {
  text: string;
  choices: QuizChoiceSetting[];
}

/** What an admin sets: the poster may be empty (the player shows the video's first frame). */
export interface SelectionQuizSettings {
  video_url: string;
  poster_url: string;
  captions_url: string;
  questions: QuizQuestionSetting[];
}

/** One published version, as it stays. */
export interface SelectionQuizVersion extends SelectionQuizSettings {
  version: number;
  published_at: string;
  /** The admin who published it; none for version 1, seeded by migration 39. */
  published_by: string | null;
}

/** What the applicant's video page is given (paths.selectionQuiz): their version, without who published it. */
export type ApplicantQuiz = Omit<SelectionQuizVersion, 'published_by'>;

/** The quiz the videoQuiz machine asks and scores: a version's number and questions. */
export type AskedQuiz = Pick<SelectionQuizVersion, 'version' | 'questions'>;

/** The back office's routes (docs/api.md "Staff"): the current version, and publishing the next one. */
export const selectionQuizPaths = { settings: `${STAFF_API}/selection-video` } as const;

/** A choice's value in the quiz's radio group: its letter, in order. */
export const choiceValue = (index: number): string => String.fromCharCode(65 + index);

/** An https:// address, or a path on this site ('/media/…'); never another scheme, never '//host'. */
const isMediaAddress = (value: string): boolean => {
  if (/^\/(?![/\\])/.test(value)) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && Boolean(url.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
};

const media = (message: string, required: boolean) => {
  const field = string().trim().max(QUIZ_URL_MAX, message);
  return (required ? field.required(message) : field.default('')).test(
    'media-address',
    message,
    (value) => !value || isMediaAddress(value),
  );
};

const addressSchema = object({
  video_url: media(M.videoUrl, true),
  poster_url: media(M.posterUrl, false),
  captions_url: media(M.captionsUrl, true),
});

const textOf = (raw: unknown): string | undefined => (typeof raw === 'string' ? raw.trim() : undefined);
const isRecord = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** The questions as sent (each problem at `questions.<i>…`, numbered from 1 in the words). */
function checkQuestions(raw: unknown): { value: QuizQuestionSetting[]; issues: Issue[] } {
  const issues: Issue[] = [];
  if (!Array.isArray(raw) || raw.length === 0)
    return { value: [], issues: [{ path: 'questions', message: M.noQuestions }] };
  if (raw.length > QUIZ_QUESTIONS_MAX)
    issues.push({ path: 'questions', message: M.tooManyQuestions(QUIZ_QUESTIONS_MAX) });
  const value = raw.slice(0, QUIZ_QUESTIONS_MAX).map((question: unknown, i): QuizQuestionSetting => {
    const n = i + 1;
    const q = isRecord(question) ? question : {};
    const text = textOf(q.text) ?? '';
    if (!text) issues.push({ path: `questions.${i}.text`, message: M.questionText(n) });
    else if (text.length > QUIZ_TEXT_MAX)
      issues.push({ path: `questions.${i}.text`, message: M.textTooLong(QUIZ_TEXT_MAX) });
    const rawChoices = Array.isArray(q.choices) ? q.choices : [];
    if (rawChoices.length < QUIZ_CHOICES_MIN)
      issues.push({ path: `questions.${i}.choices`, message: M.tooFewChoices(n, QUIZ_CHOICES_MIN) });
    else if (rawChoices.length > QUIZ_CHOICES_MAX)
      issues.push({ path: `questions.${i}.choices`, message: M.tooManyChoices(n, QUIZ_CHOICES_MAX) });
    const choices = rawChoices.slice(0, QUIZ_CHOICES_MAX).map((choice: unknown, j): QuizChoiceSetting => {
      const c = isRecord(choice) ? choice : {};
      const label = textOf(c.label) ?? '';
      if (!label)
        issues.push({ path: `questions.${i}.choices.${j}.label`, message: M.choiceLabel(n, choiceValue(j)) });
      else if (label.length > QUIZ_TEXT_MAX)
        issues.push({ path: `questions.${i}.choices.${j}.label`, message: M.textTooLong(QUIZ_TEXT_MAX) });
      return { label, correct: c.correct === true };
    });
    if (rawChoices.length >= QUIZ_CHOICES_MIN && !choices.some((c) => c.correct))
      issues.push({ path: `questions.${i}.correct`, message: M.noRightAnswer(n) });
    return { text, choices };
  });
  return { value, issues };
}

/**
 * The one check of a new version, in the browser's form and on the server: the cast settings and every problem in
 * the catalogue's words (machines/rules/messages.ts QUIZ_MESSAGES). Nothing is published while there is one.
 */
export function checkSelectionQuiz(raw: unknown): { value: SelectionQuizSettings; issues: Issue[] } {
  const body = isRecord(raw) ? raw : {};
  const addresses = checkAnswers(addressSchema, body);
  const questions = checkQuestions(body.questions);
  return {
    value: {
      video_url: addresses.value.video_url ?? '',
      poster_url: addresses.value.poster_url ?? '',
      captions_url: addresses.value.captions_url ?? '',
      questions: questions.value,
    },
    issues: [...addresses.issues, ...questions.issues],
  };
}

/** Whether two settings are the same: publishing them again would make a version that changes nothing. */
export const sameSettings = (a: SelectionQuizSettings, b: SelectionQuizSettings): boolean =>
  JSON.stringify(settingsOf(a)) === JSON.stringify(settingsOf(b));

const settingsOf = ({ video_url, poster_url, captions_url, questions }: SelectionQuizSettings) => ({
  video_url,
  poster_url,
  captions_url,
  questions: questions.map(({ text, choices }) => ({
    text,
    choices: choices.map(({ label, correct }) => ({ label, correct })),
  })),
});

/** A question in the audit's words: its text, then each choice by letter, the right ones marked. */
const questionWords = (q: QuizQuestionSetting | undefined): string =>
  q
    ? `${q.text} [${q.choices.map((c, j) => `${choiceValue(j)}${c.correct ? ' (right)' : ''}: ${c.label}`).join('; ')}]`
    : 'none';

/** The audit's before → after of a new version: each address and each question that changed. */
export function selectionQuizChanges(
  before: SelectionQuizSettings,
  after: SelectionQuizSettings,
): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const field of ['video_url', 'poster_url', 'captions_url'] as const)
    if (before[field] !== after[field])
      changes[field] = `${before[field] || 'none'} → ${after[field] || 'none'}`;
  const count = Math.max(before.questions.length, after.questions.length);
  for (let i = 0; i < count; i++) {
    const was = questionWords(before.questions[i]);
    const now = questionWords(after.questions[i]);
    if (was !== now) changes[`question_${i + 1}`] = `${was} → ${now}`;
  }
  return changes;
}

/** The quiz as the applicant's video page asks it: each question numbered from 1, its choices by letter. */
export interface AskedQuestion {
  question: number;
  text: string;
  options: { label: string; value: string }[];
}

export const askedQuestions = (quiz: Pick<SelectionQuizSettings, 'questions'>): AskedQuestion[] =>
  quiz.questions.map((q, i) => ({
    question: i + 1,
    text: q.text,
    options: q.choices.map((c, j) => ({ label: c.label, value: choiceValue(j) })),
  }));

/** Every question answered (by its number, with a choice's letter). */
export const quizAnswered = (
  quiz: Pick<SelectionQuizSettings, 'questions'>,
  answers: Readonly<Partial<Record<number, string>>>,
): boolean => quiz.questions.every((_, i) => Boolean(answers[i + 1]));

/** Every question answered with one of its right choices. */
export const quizRight = (
  quiz: Pick<SelectionQuizSettings, 'questions'>,
  answers: Readonly<Partial<Record<number, string>>>,
): boolean =>
  quiz.questions.every((q, i) => q.choices.some((c, j) => c.correct && answers[i + 1] === choiceValue(j)));
