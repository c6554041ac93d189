import { assign, emit, enqueueActions, fromPromise, not, setup } from 'xstate';
import type { VideoData } from './rules/contract';
import { firstQuizQuestions, type QuizQuestion } from './rules/quiz';
import { quizAnswered, quizRight, type AskedQuiz } from './rules/selectionQuiz';
import type { ParentRef } from './parentRef';
import type { BusyTag, NoMeta } from './tags';

export interface VideoQuizInput {
  /** Furthest watched position as a percentage (0–100), restored from a previous visit. */
  videoProgress: number;
  isVideoEnded: boolean;
  attemptCounter: number;
  quizTime: number;
  rewatchTime: number;
  /** The applicant's one-time save was made before (a reload, another visit): it is not offered again. */
  progressSubmitted?: boolean;
  /** Told of the progress and of the one-time save, so that they survive a reload. */
  parent?: ParentRef<VideoProgressEvent | VideoSubmittedEvent>;
  /** Whose progress is saved. */
  email?: string;
  /** The quiz asked; version 1 until the server says which version is the applicant's (QUIZ.VERSION). */
  quiz?: AskedQuiz;
}

/** Version 1, as the quiz was first written (machines/rules/quiz.ts). */
export const FIRST_QUIZ: AskedQuiz = { version: 1, questions: firstQuizQuestions() };

/** A save of the progress: whose, and how far. */
export interface SaveVideoInput {
  email: string;
  progress: VideoData;
}

export type VideoQuizEvent =
  | { type: 'VIDEO.LOADED'; duration: number }
  | { type: 'VIDEO.TIME'; time: number }
  | { type: 'VIDEO.SEEKING'; time: number }
  | { type: 'VIDEO.ENDED' }
  | { type: 'VIDEO.ERROR' }
  /** The server's answer: the version this applicant started, which they are shown and scored on (decision 245). */
  | { type: 'QUIZ.VERSION'; quiz: AskedQuiz }
  | { type: 'QUIZ.ANSWER'; question: QuizQuestion; value: string }
  | { type: 'QUIZ.SUBMIT' }
  | { type: 'QUIZ.SKIP' }
  | { type: 'RESULT.CONTINUE' }
  | { type: 'RESULT.RETRY' }
  | { type: 'RESULT.REWATCH' }
  | { type: 'NOTICE.DISMISS' }
  | { type: 'PROGRESS.SUBMIT' }
  | { type: 'PROGRESS.CONFIRM' }
  | { type: 'PROGRESS.CANCEL' }
  | { type: 'CONTINUE' };

/** Commands for the media element; the screen listens with `actorRef.on(type, …)`. */
export type PlayerCommand =
  { type: 'player.pause' } | { type: 'player.play' } | { type: 'player.seek'; time: number };

/** What the parent hears, so the progress survives a reload. */
export type VideoProgressEvent = { type: 'VIDEO.PROGRESS' } & VideoData;
export interface VideoSubmittedEvent {
  type: 'VIDEO.SUBMITTED';
}

export interface VideoQuizContext {
  quizTime: number;
  rewatchTime: number;
  /** Seconds; 0 until the media's metadata is known. */
  duration: number;
  /** The furthest position watched, in seconds: seeking beyond it is refused. */
  furthest: number;
  videoProgress: number;
  isVideoEnded: boolean;
  attemptCounter: number;
  /** Answered correctly or skipped: the quiz does not come back. */
  quizDone: boolean;
  quiz: AskedQuiz;
  answers: Partial<Record<QuizQuestion, string>>;
  /** Submit was pressed with a question unanswered. */
  quizIncomplete: boolean;
  /** The last values sent to the parent (throttles VIDEO.PROGRESS to whole-percent changes). */
  reported: VideoData;
  autoSaveTries: number;
  parent: ParentRef<VideoProgressEvent | VideoSubmittedEvent> | null;
  email: string;
  /** The one-time save of the progress is done ('Once submitted, you can't change your progress'). */
  progressSubmitted: boolean;
}

/** A seek within this many seconds past the furthest watched position is tolerated (timeupdate granularity). */
export const SEEK_SLACK = 1;
/** Quiet retries of the automatic save after the video ends (the API client already backs off on each). */
export const AUTO_SAVE_RETRIES = 2;

export const toVideoData = (context: VideoQuizContext): VideoData => ({
  videoProgress: context.isVideoEnded ? 100 : Math.floor(context.videoProgress),
  isVideoEnded: context.isVideoEnded,
  attemptCounter: context.attemptCounter,
});

const progressAt = (context: VideoQuizContext, furthest: number) =>
  context.duration > 0 ? Math.min(100, (furthest / context.duration) * 100) : context.videoProgress;

/**
 * The selection video and its quiz (docs/product.md §4 Video, §8). Pure: the media element is driven by emitted player
 * commands, and saving goes through the `submitVideoProgress` actor the app provides.
 */
export const videoQuizMachine = setup({
  types: {
    input: {} as VideoQuizInput,
    context: {} as VideoQuizContext,
    events: {} as VideoQuizEvent,
    emitted: {} as PlayerCommand,
    output: {} as VideoData,
    // busy: the applicant's save is under way (the quiet automatic save is not).
    meta: {} as NoMeta,
    tags: {} as BusyTag,
  },
  actors: {
    submitVideoProgress: fromPromise<void, SaveVideoInput>(async () => {
      throw new Error('submitVideoProgress is provided by the app');
    }),
  },
  guards: {
    quizDue: ({ context, event }) =>
      event.type === 'VIDEO.TIME' && event.time >= context.quizTime && !context.quizDone,
    seekAhead: ({ context, event }) =>
      event.type === 'VIDEO.SEEKING' && event.time > context.furthest + SEEK_SLACK,
    // Back into what was watched; the machine's own revert lands on `furthest` itself, which is not back.
    seekBack: ({ context, event }) =>
      event.type === 'VIDEO.SEEKING' && event.time < context.furthest - SEEK_SLACK,
    quizIncomplete: ({ context }) => !quizAnswered(context.quiz, context.answers),
    quizCorrect: ({ context }) => quizRight(context.quiz, context.answers),
    videoEnded: ({ context }) => context.isVideoEnded,
    canRetryAutoSave: ({ context }) => context.autoSaveTries < AUTO_SAVE_RETRIES,
    progressSubmitted: ({ context }) => context.progressSubmitted,
  },
  actions: {
    restorePosition: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'VIDEO.LOADED' || !(event.duration > 0) || !Number.isFinite(event.duration)) return;
      const furthest = context.isVideoEnded
        ? event.duration
        : (Math.min(100, Math.max(0, context.videoProgress)) / 100) * event.duration;
      enqueue.assign({ duration: event.duration, furthest });
      // Resume where they were; the end itself is not a useful place to resume, so an ended video restarts.
      if (furthest > 0 && !context.isVideoEnded) enqueue.emit({ type: 'player.seek', time: furthest });
    }),
    recordTime: assign(({ context, event }) => {
      if (event.type !== 'VIDEO.TIME') return {};
      const furthest = Math.max(context.furthest, event.time);
      return { furthest, videoProgress: Math.max(context.videoProgress, progressAt(context, furthest)) };
    }),
    revertSeek: emit(({ context }) => ({ type: 'player.seek' as const, time: context.furthest })),
    markEnded: assign(({ context }) => ({
      videoProgress: 100,
      isVideoEnded: true,
      furthest: Math.max(context.furthest, context.duration),
    })),
    pause: emit({ type: 'player.pause' }),
    play: emit({ type: 'player.play' }),
    seekToRewatch: emit(({ context }) => ({ type: 'player.seek' as const, time: context.rewatchTime })),
    resetQuiz: assign({ answers: {}, quizIncomplete: false }),
    keepQuiz: assign({
      quiz: ({ context, event }) => (event.type === 'QUIZ.VERSION' ? event.quiz : context.quiz),
    }),
    recordAnswer: assign({
      answers: ({ context, event }) =>
        event.type === 'QUIZ.ANSWER'
          ? { ...context.answers, [event.question]: event.value }
          : context.answers,
      quizIncomplete: false,
    }),
    flagIncomplete: assign({ quizIncomplete: true }),
    markQuizDone: assign({ quizDone: true }),
    /** The parent keeps it, so that a reload does not offer the one-time save again. */
    reportSubmitted: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ progressSubmitted: true });
      if (context.parent) enqueue.sendTo(context.parent, { type: 'VIDEO.SUBMITTED' });
    }),
    countAttempt: assign({ attemptCounter: ({ context }) => context.attemptCounter + 1 }),
    countAutoSave: assign({ autoSaveTries: ({ context }) => context.autoSaveTries + 1 }),
    resetAutoSave: assign({ autoSaveTries: 0 }),
    /** Tell the parent, but only when a whole percent (or the ended flag, or the attempt count) changed. */
    reportProgress: enqueueActions(({ context, enqueue }) => {
      const data = toVideoData(context);
      const last = context.reported;
      if (
        data.videoProgress === last.videoProgress &&
        data.isVideoEnded === last.isVideoEnded &&
        data.attemptCounter === last.attemptCounter
      )
        return;
      enqueue.assign({ reported: data });
      if (context.parent) enqueue.sendTo(context.parent, { type: 'VIDEO.PROGRESS', ...data });
    }),
  },
}).createMachine({
  id: 'videoQuiz',
  context: ({ input }) => {
    const videoProgress = input.isVideoEnded ? 100 : Math.min(100, Math.max(0, input.videoProgress));
    const data: VideoData = {
      videoProgress: Math.floor(videoProgress),
      isVideoEnded: input.isVideoEnded,
      attemptCounter: input.attemptCounter,
    };
    return {
      quizTime: input.quizTime,
      rewatchTime: input.rewatchTime,
      duration: 0,
      furthest: 0,
      videoProgress,
      isVideoEnded: input.isVideoEnded,
      attemptCounter: input.attemptCounter,
      // Someone who watched to the end before is not stopped by the quiz again.
      quizDone: input.isVideoEnded,
      quiz: input.quiz ?? FIRST_QUIZ,
      answers: {},
      quizIncomplete: false,
      reported: data,
      autoSaveTries: 0,
      progressSubmitted: input.progressSubmitted ?? false,
      parent: input.parent ?? null,
      email: input.email ?? '',
    };
  },
  initial: 'active',
  output: ({ context }) => toVideoData(context),
  states: {
    active: {
      type: 'parallel',
      // XState consults a parallel state's own transitions only when no region takes the event: so CONTINUE
      // lands here once the notice region's 'watch till the end' no longer applies.
      on: {
        CONTINUE: { guard: 'videoEnded', target: 'done' },
        'QUIZ.VERSION': { actions: 'keepQuiz' },
      },
      states: {
        player: {
          initial: 'loading',
          on: {
            'VIDEO.SEEKING': { guard: 'seekAhead', actions: 'revertSeek' },
            // A fresh media element (the screen mounted again) is put back at the furthest watched position.
            'VIDEO.LOADED': { actions: 'restorePosition' },
          },
          states: {
            loading: {
              on: { 'VIDEO.LOADED': { target: 'watching', actions: 'restorePosition' } },
            },
            watching: {
              on: {
                'VIDEO.TIME': [
                  { guard: 'quizDue', target: 'quiz', actions: ['recordTime', 'reportProgress'] },
                  { actions: ['recordTime', 'reportProgress'] },
                ],
              },
            },
            quiz: {
              entry: ['pause', 'resetQuiz'],
              on: {
                'QUIZ.ANSWER': { actions: 'recordAnswer' },
                'QUIZ.SUBMIT': [
                  { guard: 'quizIncomplete', actions: 'flagIncomplete' },
                  { guard: 'quizCorrect', target: 'correct', actions: 'markQuizDone' },
                  { target: 'incorrect' },
                ],
                'QUIZ.SKIP': { target: 'watching', actions: ['markQuizDone', 'play'] },
              },
            },
            correct: {
              on: { 'RESULT.CONTINUE': { target: 'watching', actions: 'play' } },
            },
            incorrect: {
              on: {
                'RESULT.RETRY': { target: 'quiz', actions: ['countAttempt', 'reportProgress'] },
                // Back to the start and play; the quiz comes again at quizTime.
                'RESULT.REWATCH': { target: 'watching', actions: ['seekToRewatch', 'play'] },
              },
            },
          },
        },
        notice: {
          initial: 'none',
          on: {
            'VIDEO.SEEKING': { guard: 'seekAhead', target: '.seekBlocked' },
            'VIDEO.ERROR': { target: '.videoError' },
            // After the end, CONTINUE is taken by `active` instead and leaves the machine.
            CONTINUE: { guard: not('videoEnded'), target: '.watchToEnd' },
          },
          states: {
            none: {},
            // 'Sorry…' answers a seek ahead; seeking back to watched parts is allowed, so the notice goes.
            seekBlocked: {
              on: { 'NOTICE.DISMISS': 'none', 'VIDEO.SEEKING': { guard: 'seekBack', target: 'none' } },
            },
            watchToEnd: { on: { 'NOTICE.DISMISS': 'none' } },
            videoError: { on: { 'NOTICE.DISMISS': 'none' } },
          },
        },
        // The applicant's own save: confirm, save, 'Progress Saved!'.
        progress: {
          initial: 'idle',
          states: {
            idle: { on: { 'PROGRESS.SUBMIT': { guard: not('progressSubmitted'), target: 'confirming' } } },
            confirming: {
              on: { 'PROGRESS.CONFIRM': 'saving', 'PROGRESS.CANCEL': 'idle' },
            },
            saving: {
              tags: 'busy',
              invoke: {
                id: 'manualSave',
                src: 'submitVideoProgress',
                input: ({ context }) => ({ email: context.email, progress: toVideoData(context) }),
                onDone: { target: 'saved', actions: 'reportSubmitted' },
                onError: 'failed',
              },
            },
            saved: { on: { 'PROGRESS.CANCEL': 'submitted' } },
            // The failure stays on screen until the next try.
            failed: { on: { 'PROGRESS.SUBMIT': 'confirming' } },
            // 'Once submitted, you can't change your progress.' The automatic save at the end still runs.
            submitted: {},
          },
        },
        // The automatic save when the video ends, so nobody loses their progress; it retries quietly.
        autoSave: {
          initial: 'idle',
          // The end is recorded here (one region takes it, whatever the player region shows), then saved.
          on: {
            'VIDEO.ENDED': { target: '.saving', actions: ['markEnded', 'reportProgress', 'resetAutoSave'] },
          },
          states: {
            idle: {},
            saving: {
              invoke: {
                id: 'autoSave',
                src: 'submitVideoProgress',
                input: ({ context }) => ({ email: context.email, progress: toVideoData(context) }),
                onDone: 'saved',
                onError: [
                  { guard: 'canRetryAutoSave', target: 'saving', reenter: true, actions: 'countAutoSave' },
                  { target: 'failed' },
                ],
              },
            },
            saved: {},
            failed: {},
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
