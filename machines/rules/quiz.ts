/**
 * The selection-video quiz (docs/product.md §3.5) as it was first written: version 1 of the versioned quiz, stored
 * the first time it is read (decision 245, server/selectionQuiz.ts); admins publish the next versions in the back
 * office. The runtime flags of the spec (shown, answeredCorrectly) live in the videoQuiz machine's context, not here.
 */
import type { QuizQuestionSetting } from './selectionQuiz';

export type QuizValue = 'A' | 'B' | 'C' | 'D';
/** A question's number, from 1 (a published version may have more than two: decision 245). */
export type QuizQuestion = number;

export interface QuizOption {
  label: string;
  value: QuizValue;
}

export interface QuizItem {
  question1: string;
  options1: readonly QuizOption[];
  question2: string;
  options2: readonly QuizOption[];
  /** The correct value for each question. */
  answers: Readonly<Record<QuizQuestion, QuizValue>>;
  /** Seconds into the video at which the quiz appears. */
  time: number;
  /** Where Rewatch takes the player. */
  rewatchTime: number;
}

export const SELECTION_QUIZ: QuizItem = {
  question1: 'The Employment Bootcamp is:',
  options1: [
    { label: 'A retreat', value: 'A' },
    { label: 'A masterclass', value: 'B' },
    { label: 'A learning game', value: 'C' },
    { label: 'A seminar', value: 'D' },
  ],
  question2: 'What is our promise to you?',
  options2: [
    { label: 'A job offer at the end of the twelve weeks', value: 'A' },
    { label: 'A certificate, whatever effort you put in', value: 'B' },
    {
      label:
        'If you are open to learning, unlearning and relearning, the version of you that awaits is one you will not believe',
      value: 'C',
    },
    { label: 'Lectures you can watch at your own pace', value: 'D' },
  ],
  answers: { 1: 'C', 2: 'C' },
  time: 267,
  rewatchTime: 0,
};

export const quizQuestions = (quiz: QuizItem = SELECTION_QUIZ) =>
  [
    { question: 1, text: quiz.question1, options: quiz.options1 },
    { question: 2, text: quiz.question2, options: quiz.options2 },
  ] as const satisfies readonly { question: QuizQuestion; text: string; options: readonly QuizOption[] }[];

/** Version 1's questions in the versioned shape: each choice with whether it is right. */
export const firstQuizQuestions = (quiz: QuizItem = SELECTION_QUIZ): QuizQuestionSetting[] =>
  quizQuestions(quiz).map(({ question, text, options }) => ({
    text,
    choices: options.map(({ label, value }) => ({ label, correct: value === quiz.answers[question] })),
  }));
