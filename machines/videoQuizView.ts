/**
 * What the selection-video screen shows, read from the videoQuiz machine (machines/videoQuiz.machine.ts): which
 * dialog the player is in, which notice is up, how far the one-time save has got, and how much was watched. The
 * screen re-renders on this, not on every timeupdate.
 */
import type { SnapshotFrom } from 'xstate';
import type { videoQuizMachine } from './videoQuiz.machine';

type Snapshot = SnapshotFrom<typeof videoQuizMachine>;

export interface VideoView {
  player: 'video' | 'quiz' | 'correct' | 'incorrect';
  notice?: 'seekBlocked' | 'watchToEnd' | 'videoError';
  progress?: 'confirming' | 'saving' | 'saved' | 'failed' | 'submitted';
  /** The version asked (decision 245). */
  quiz: Snapshot['context']['quiz'];
  answers: Snapshot['context']['answers'];
  incomplete: boolean;
  watched: number;
  ended: boolean;
}

const PLAYER_STATES = ['quiz', 'correct', 'incorrect'] as const;
const NOTICE_STATES = ['seekBlocked', 'watchToEnd', 'videoError'] as const;
const PROGRESS_STATES = ['confirming', 'saving', 'saved', 'failed', 'submitted'] as const;

export function selectVideoView(s: Snapshot): VideoView {
  return {
    player: PLAYER_STATES.find((p) => s.matches({ active: { player: p } })) ?? 'video',
    notice: NOTICE_STATES.find((n) => s.matches({ active: { notice: n } })),
    // A save made on an earlier visit reads as submitted: the one-time save is not offered again.
    progress:
      PROGRESS_STATES.find((p) => s.matches({ active: { progress: p } })) ??
      (s.context.progressSubmitted ? 'submitted' : undefined),
    quiz: s.context.quiz,
    answers: s.context.answers,
    incomplete: s.context.quizIncomplete,
    watched: Math.floor(s.context.videoProgress),
    ended: s.context.isVideoEnded,
  };
}

/** Two views show the same thing. */
export function sameVideoView(a: VideoView, b: VideoView) {
  return (
    a.player === b.player &&
    a.notice === b.notice &&
    a.progress === b.progress &&
    a.quiz === b.quiz &&
    a.answers === b.answers &&
    a.incomplete === b.incomplete &&
    a.watched === b.watched &&
    a.ended === b.ended
  );
}

/** The one-time save can be asked for: never asked, or the last try failed. */
export const canSaveProgress = (view: VideoView) => view.progress === undefined || view.progress === 'failed';
