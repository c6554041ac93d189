import { MESSAGES } from '../../machines/rules/messages';
import type { VideoView } from '../../machines/videoQuizView';
import { Button } from '../components/Button';

export interface SelectionVideoNoticesProps {
  notice: VideoView['notice'];
  onDismiss: () => void;
}

/** The player's notices: a blocked seek or an early Continue (polite), or a video that failed to load (alert). */
export function SelectionVideoNotices({ notice, onDismiss }: SelectionVideoNoticesProps) {
  const dismiss = (
    <Button look="secondary" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  return (
    <>
      {/* Present from the start, so screen readers announce what appears in it. */}
      <div className="video-screen__notices" role="status" aria-live="polite">
        {(notice === 'seekBlocked' || notice === 'watchToEnd') && (
          <div className="notice notice--warning">
            {notice === 'seekBlocked' ? (
              <p>
                <strong>{MESSAGES.seekTitle}</strong> {MESSAGES.seekBlocked}
              </p>
            ) : (
              <p>{MESSAGES.watchToEnd}</p>
            )}
            {dismiss}
          </div>
        )}
      </div>
      {notice === 'videoError' && (
        <div className="alert alert--error video-screen__error" role="alert">
          <p>{MESSAGES.videoError}</p>
          {dismiss}
        </div>
      )}
    </>
  );
}
