import { describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES as M } from '../../machines/rules/messages';
import { SELECTION_QUIZ, firstQuizQuestions } from '../../machines/rules/quiz';
import {
  askedQuestions,
  checkSelectionQuiz,
  quizAnswered,
  quizRight,
  sameSettings,
  selectionQuizChanges,
  type SelectionQuizSettings,
} from '../../machines/rules/selectionQuiz';

const version1: SelectionQuizSettings = {
  video_url: '/media/selection-video.mp4',
  poster_url: '/media/selection-video.jpg',
  captions_url: '/media/selection-video.vtt',
  questions: firstQuizQuestions(),
};

const withQuestion = (question: unknown) => ({ ...version1, questions: [question] });
const messages = (raw: unknown) => checkSelectionQuiz(raw).issues.map((i) => i.message);

describe('checkSelectionQuiz', () => {
  it('takes version 1 as it is, trimmed', () => {
    const { value, issues } = checkSelectionQuiz({ ...version1, video_url: '  /media/selection-video.mp4 ' });
    expect(issues).toEqual([]);
    expect(value).toEqual(version1);
  });

  it('takes https addresses and an empty poster', () => {
    expect(
      messages({
        ...version1,
        video_url: 'https://cdn.example.org/v.mp4',
        captions_url: 'https://cdn.example.org/v.vtt',
        poster_url: '',
      }),
    ).toEqual([]);
  });

  it.each([
    ['http://cdn.example.org/v.mp4'],
    ['javascript:alert(1)'],
    ['//evil.example/v.mp4'],
    ['media/v.mp4'],
    ['/media/my video.mp4'],
    [''],
  ])('refuses the video address %j in the catalogue words', (video_url) => {
    expect(checkSelectionQuiz({ ...version1, video_url }).issues).toEqual([
      { path: 'video_url', message: M.videoUrl },
    ]);
  });

  it('refuses a poster or captions that are not https or a path; captions are required', () => {
    expect(messages({ ...version1, poster_url: 'ftp://x/p.jpg', captions_url: '' })).toEqual([
      M.posterUrl,
      M.captionsUrl,
    ]);
  });

  it('refuses a question with no right answer', () => {
    const question = { text: 'Which?', choices: [{ label: 'One' }, { label: 'Two', correct: false }] };
    expect(checkSelectionQuiz(withQuestion(question)).issues).toEqual([
      { path: 'questions.0.correct', message: M.noRightAnswer(1) },
    ]);
  });

  it('refuses a question with fewer than 2 choices, and an empty question', () => {
    const one = { text: 'Which?', choices: [{ label: 'One', correct: true }] };
    const empty = { text: '  ', choices: [{ label: 'A', correct: true }, { label: 'B' }] };
    expect(messages({ ...version1, questions: [one, empty] })).toEqual([
      M.tooFewChoices(1, 2),
      M.questionText(2),
    ]);
  });

  it('refuses an empty choice, naming it by its letter', () => {
    const question = { text: 'Which?', choices: [{ label: 'One', correct: true }, { label: '' }] };
    expect(messages(withQuestion(question))).toEqual([M.choiceLabel(1, 'B')]);
  });

  it('refuses no questions, too many questions and too many choices', () => {
    expect(messages({ ...version1, questions: [] })).toEqual([M.noQuestions]);
    expect(messages({ ...version1, questions: 'none' })).toEqual([M.noQuestions]);
    const q = version1.questions[0]!;
    expect(messages({ ...version1, questions: Array(11).fill(q) })).toEqual([M.tooManyQuestions(10)]);
    const seven = { text: 'Which?', choices: Array(7).fill({ label: 'x', correct: true }) };
    expect(messages(withQuestion(seven))).toEqual([M.tooManyChoices(1, 6)]);
  });

  it('reads a body of the wrong kind as nothing sent, with every message', () => {
    expect(messages(null)).toEqual([M.videoUrl, M.captionsUrl, M.noQuestions]);
    expect(messages({ ...version1, video_url: { a: 1 } })).toEqual([M.videoUrl]);
  });
});

describe('version 1', () => {
  it('is the quiz the applicants had: the same questions, choices and right answers', () => {
    const asked = askedQuestions(version1);
    expect(asked.map((q) => q.text)).toEqual([SELECTION_QUIZ.question1, SELECTION_QUIZ.question2]);
    expect(asked[0]!.options).toEqual(SELECTION_QUIZ.options1);
    expect(asked[1]!.options).toEqual(SELECTION_QUIZ.options2);
    expect(quizRight(version1, SELECTION_QUIZ.answers)).toBe(true);
  });
});

describe('scoring a version', () => {
  const v2: SelectionQuizSettings = {
    ...version1,
    questions: [
      {
        text: 'Pick a colour',
        choices: [
          { label: 'Red', correct: true },
          { label: 'Blue', correct: false },
          { label: 'Green', correct: true },
        ],
      },
    ],
  };

  it('needs every question answered, and a right choice for each', () => {
    expect(quizAnswered(v2, {})).toBe(false);
    expect(quizAnswered(v2, { 1: 'B' })).toBe(true);
    expect(quizRight(v2, { 1: 'B' })).toBe(false);
    expect(quizRight(v2, { 1: 'A' })).toBe(true);
    expect(quizRight(v2, { 1: 'C' })).toBe(true);
    // Version 1's right answers are not version 2's.
    expect(quizRight(v2, SELECTION_QUIZ.answers)).toBe(true);
    expect(quizRight(version1, { 1: 'A' })).toBe(false);
  });
});

describe('the audit of a new version', () => {
  it('says each changed address and question, before → after', () => {
    const after: SelectionQuizSettings = {
      ...version1,
      poster_url: '',
      questions: [{ ...version1.questions[0]!, text: 'The bootcamp is:' }, version1.questions[1]!],
    };
    const changes = selectionQuizChanges(version1, after);
    expect(Object.keys(changes)).toEqual(['poster_url', 'question_1']);
    expect(changes.poster_url).toBe('/media/selection-video.jpg → none');
    expect(changes.question_1).toMatch(
      /^The Employment Bootcamp is: \[A: A retreat; .*C \(right\): A learning game.*\] → The bootcamp is: \[/,
    );
    expect(sameSettings(version1, after)).toBe(false);
    expect(sameSettings(version1, { ...version1 })).toBe(true);
  });
});
