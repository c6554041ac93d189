import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { CONFIRM_VIDEO, MESSAGES } from '../../machines/rules/messages';
import type { videoQuizMachine } from '../../machines/videoQuiz.machine';
import { AppDialog, ConfirmDialog } from '../components/Dialog';
import type { AppConfig } from '../config';
import { VideoQuizDialog } from './VideoQuizDialog';
import { Alert } from '../components/Notice';
import { Button } from '../components/Button';
import { useArrivalFocus } from '../wizard/ScreenHeading';

/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
const HAVE_METADATA = 1;

export interface SelectionVideoScreenProps {
  actor: ActorRefFrom<typeof videoQuizMachine>;
  config: AppConfig;
  onBack: () => void;
}

/**
 * /apply/selection-video ('Info Video', docs/product.md §2.2): the Program Director's video and its quiz. The screen forwards
 * the media element's events to the videoQuiz machine and carries out the player commands it emits; everything
 * else is rendered from the machine's state.
 */
export function SelectionVideoScreen({ actor, config, onBack }: SelectionVideoScreenProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const heading = useArrivalFocus<HTMLHeadingElement>();
  const view = useSelector(actor, selectView, sameView);

  // The machine is pure; the media element obeys its commands here.
  useEffect(() => {
    const subscriptions = [
      actor.on('player.pause', () => videoRef.current?.pause()),
      actor.on('player.play', () => {
        // A refused play() (autoplay rules) leaves the native Play control to the person.
        videoRef.current?.play()?.catch(() => undefined);
      }),
      actor.on('player.seek', ({ time }) => {
        if (videoRef.current) videoRef.current.currentTime = time;
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor]);

  // The element starts loading when it is created, which can be well before React commits it; React drops the
  // media events of an element not yet committed, so a cached clip's loadedmetadata (or error) is lost and the
  // quiz never comes. Catch up once mounted.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.error) actor.send({ type: 'VIDEO.ERROR' });
    else if (video.readyState >= HAVE_METADATA)
      actor.send({ type: 'VIDEO.LOADED', duration: video.duration });
  }, [actor]);

  const media = () => videoRef.current;
  const dismissNotice = () => {
    actor.send({ type: 'NOTICE.DISMISS' });
    // The notice and its button go away: put focus somewhere useful rather than on the page body.
    media()?.focus();
  };

  const saving = view.progress === 'saving';
  const canSave = view.progress === undefined || view.progress === 'failed';

  return (
    <section className="video-screen" aria-labelledby="video-screen-title">
      <h1 id="video-screen-title" tabIndex={-1} ref={heading}>
        Info Video
      </h1>
      <p>
        Watch this short video from our Program Director to the end. A short quiz appears along the way; then
        continue to confirm your place.
      </p>

      <div className="video-screen__player">
        <video
          ref={videoRef}
          className="video-screen__video"
          controls
          preload="metadata"
          playsInline
          src={config.selectionVideoUrl}
          poster={config.selectionVideoPoster || undefined}
          aria-describedby="video-screen-watched"
          onLoadedMetadata={(e) => actor.send({ type: 'VIDEO.LOADED', duration: e.currentTarget.duration })}
          onTimeUpdate={(e) => {
            // While a seek settles, currentTime is where the person tried to go, not what they watched.
            if (!e.currentTarget.seeking)
              actor.send({ type: 'VIDEO.TIME', time: e.currentTarget.currentTime });
          }}
          onSeeking={(e) => actor.send({ type: 'VIDEO.SEEKING', time: e.currentTarget.currentTime })}
          onEnded={() => actor.send({ type: 'VIDEO.ENDED' })}
          onError={() => actor.send({ type: 'VIDEO.ERROR' })}
        >
          {config.selectionVideoCaptions && (
            <track kind="captions" src={config.selectionVideoCaptions} srcLang="en" label="English" default />
          )}
          {MESSAGES.noVideoSupport}
        </video>
        <p id="video-screen-watched" className="video-screen__watched">
          {view.ended ? 'You have watched the whole video.' : `Watched so far: ${view.watched}%`}
        </p>
      </div>

      {/* Present from the start, so screen readers announce what appears in it. */}
      <div className="video-screen__notices" role="status" aria-live="polite">
        {(view.notice === 'seekBlocked' || view.notice === 'watchToEnd') && (
          <div className="notice notice--warning">
            {view.notice === 'seekBlocked' ? (
              <p>
                <strong>{MESSAGES.seekTitle}</strong> {MESSAGES.seekBlocked}
              </p>
            ) : (
              <p>{MESSAGES.watchToEnd}</p>
            )}
            <Button look="secondary" onClick={dismissNotice}>
              Dismiss
            </Button>
          </div>
        )}
      </div>
      {view.notice === 'videoError' && (
        <div className="alert alert--error video-screen__error" role="alert">
          <p>{MESSAGES.videoError}</p>
          <Button look="secondary" onClick={dismissNotice}>
            Dismiss
          </Button>
        </div>
      )}
      {view.progress === 'failed' && <Alert>{MESSAGES.genericSave}</Alert>}

      <div className="actions">
        <Button look="secondary" onClick={onBack}>
          Back
        </Button>
        {canSave ? (
          <Button look="secondary" onClick={() => actor.send({ type: 'PROGRESS.SUBMIT' })}>
            Save progress
          </Button>
        ) : (
          view.progress === 'submitted' && <p className="video-screen__saved">Progress submitted.</p>
        )}
        <Button onClick={() => actor.send({ type: 'CONTINUE' })}>Continue</Button>
      </div>

      <VideoQuizDialog
        open={view.player === 'quiz'}
        answers={view.answers}
        incomplete={view.incomplete}
        onAnswer={(question, value) => actor.send({ type: 'QUIZ.ANSWER', question, value })}
        onSubmit={() => actor.send({ type: 'QUIZ.SUBMIT' })}
        onSkip={() => actor.send({ type: 'QUIZ.SKIP' })}
      />
      <AppDialog
        open={view.player === 'correct'}
        title="Correct answers!"
        description="Well done. Carry on watching the video."
        actions={<Button onClick={() => actor.send({ type: 'RESULT.CONTINUE' })}>Continue</Button>}
      />
      <AppDialog
        open={view.player === 'incorrect'}
        title="Incorrect answers!"
        description="Try the questions again, or watch the video again from the start."
        actions={
          <>
            <Button look="secondary" onClick={() => actor.send({ type: 'RESULT.REWATCH' })}>
              Rewatch
            </Button>
            <Button onClick={() => actor.send({ type: 'RESULT.RETRY' })}>Retry</Button>
          </>
        }
      />
      <ConfirmDialog
        open={view.progress === 'confirming' || saving}
        title={CONFIRM_VIDEO.title}
        text={CONFIRM_VIDEO.text}
        confirmLabel={CONFIRM_VIDEO.confirm}
        cancelLabel="Cancel"
        busy={saving}
        onConfirm={() => actor.send({ type: 'PROGRESS.CONFIRM' })}
        onCancel={() => actor.send({ type: 'PROGRESS.CANCEL' })}
      />
      <AppDialog
        open={view.progress === 'saved'}
        title={CONFIRM_VIDEO.successTitle}
        description={CONFIRM_VIDEO.successText}
        onClose={() => actor.send({ type: 'PROGRESS.CANCEL' })}
        actions={<Button onClick={() => actor.send({ type: 'PROGRESS.CANCEL' })}>OK</Button>}
      />
    </section>
  );
}

type Snapshot = SnapshotFrom<typeof videoQuizMachine>;

interface View {
  player: 'video' | 'quiz' | 'correct' | 'incorrect';
  notice?: 'seekBlocked' | 'watchToEnd' | 'videoError';
  progress?: 'confirming' | 'saving' | 'saved' | 'failed' | 'submitted';
  answers: Snapshot['context']['answers'];
  incomplete: boolean;
  watched: number;
  ended: boolean;
}

const PLAYER_STATES = ['quiz', 'correct', 'incorrect'] as const;
const NOTICE_STATES = ['seekBlocked', 'watchToEnd', 'videoError'] as const;
const PROGRESS_STATES = ['confirming', 'saving', 'saved', 'failed', 'submitted'] as const;

function selectView(s: Snapshot): View {
  return {
    player: PLAYER_STATES.find((p) => s.matches({ active: { player: p } })) ?? 'video',
    notice: NOTICE_STATES.find((n) => s.matches({ active: { notice: n } })),
    // A save made on an earlier visit reads as submitted: the one-time save is not offered again.
    progress:
      PROGRESS_STATES.find((p) => s.matches({ active: { progress: p } })) ??
      (s.context.progressSubmitted ? 'submitted' : undefined),
    answers: s.context.answers,
    incomplete: s.context.quizIncomplete,
    watched: Math.floor(s.context.videoProgress),
    ended: s.context.isVideoEnded,
  };
}

/** Re-render on what is shown, not on every timeupdate. */
function sameView(a: View, b: View) {
  return (
    a.player === b.player &&
    a.notice === b.notice &&
    a.progress === b.progress &&
    a.answers === b.answers &&
    a.incomplete === b.incomplete &&
    a.watched === b.watched &&
    a.ended === b.ended
  );
}
