import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MESSAGES } from '../../machines/rules/messages';
import { NEXT_STEP_WORDS } from '../../machines/rules/nextSteps';
import type { videoQuizMachine } from '../../machines/videoQuiz.machine';
import { canSaveProgress, sameVideoView, selectVideoView } from '../../machines/videoQuizView';
import type { AppConfig } from '../config';
import { Alert } from '../components/Notice';
import { Button } from '../components/Button';
import { useArrivalFocus } from '../wizard/ScreenHeading';
import { SelectionVideoDialogs } from './SelectionVideoDialogs';
import { SelectionVideoNotices } from './SelectionVideoNotices';
import { SelectionVideoPlayer } from './SelectionVideoPlayer';

export interface SelectionVideoScreenProps {
  actor: ActorRefFrom<typeof videoQuizMachine>;
  config: AppConfig;
  onBack: () => void;
  /** Only for a browser not signed in to the application: its sign-in, which comes back to this page. */
  onSignIn?: () => void;
}

/**
 * /apply/selection-video ('Info Video', docs/product.md §2.2): the Program Director's video and its quiz. The player
 * forwards the media element's events to the videoQuiz machine and carries out the player commands it emits;
 * everything else is rendered from the machine's state.
 */
export function SelectionVideoScreen({ actor, config, onBack, onSignIn }: SelectionVideoScreenProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const heading = useArrivalFocus<HTMLHeadingElement>();
  const view = useSelector(actor, selectVideoView, sameVideoView);

  const dismissNotice = () => {
    actor.send({ type: 'NOTICE.DISMISS' });
    // The notice and its button go away: put focus somewhere useful rather than on the page body.
    videoRef.current?.focus();
  };

  return (
    <section className="video-screen" aria-labelledby="video-screen-title">
      <h1 id="video-screen-title" tabIndex={-1} ref={heading}>
        Info Video
      </h1>
      <p>{NEXT_STEP_WORDS.selectionVideo}</p>

      <SelectionVideoPlayer actor={actor} config={config} view={view} videoRef={videoRef} />
      <SelectionVideoNotices notice={view.notice} onDismiss={dismissNotice} />
      {view.progress === 'failed' && <Alert>{MESSAGES.genericSave}</Alert>}
      {/* Under the player, which the page's opening already showed: nothing above it moves (decision 224). */}
      {onSignIn && (
        <div className="notice video-screen__sign-in">
          <p>{NEXT_STEP_WORDS.videoSignedOut}</p>
          <Button look="secondary" onClick={onSignIn}>
            Continue with your email
          </Button>
        </div>
      )}

      <div className="actions">
        <Button look="secondary" onClick={onBack}>
          Back
        </Button>
        {onSignIn ? null : canSaveProgress(view) ? (
          <Button look="secondary" onClick={() => actor.send({ type: 'PROGRESS.SUBMIT' })}>
            Save progress
          </Button>
        ) : (
          view.progress === 'submitted' && <p className="video-screen__saved">Progress submitted.</p>
        )}
        <Button onClick={() => actor.send({ type: 'CONTINUE' })}>Continue</Button>
      </div>

      <SelectionVideoDialogs actor={actor} view={view} />
    </section>
  );
}
