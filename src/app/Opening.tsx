import { MESSAGES } from '../../machines/rules/messages';
import { screenRow } from '../../machines/screens';

/** The selection video's address: its opening also shows the video's poster (decision 224). */
export const SELECTION_VIDEO_PATH = screenRow('selectionVideo').path;

/**
 * The words that a page is opening, and on the selection video's page the poster the player will show, at the
 * player's size: the page's largest paint from the first response, which the player's poster then only repeats
 * (docs/decisions/224-the-selection-video-opens-with-its-poster.md). The poster is the same for everyone, so it claims
 * nothing about this person. The build prerenders it into the video page's shell (video.html), where the server writes
 * the configured poster (server/routes/static.ts).
 */
export function Opening({ poster }: { poster?: string }) {
  return (
    <>
      <h1 className={poster ? 'opening opening--video' : 'opening'}>{MESSAGES.openingApplication}</h1>
      {/* A poster-only video, not an <img>: the browser sizes a video's poster for the largest paint as it sizes the
          player's, so the player's poster is not a larger, later paint (an upscaled <img> counted smaller). */}
      {poster && (
        <video className="video-screen__video opening__poster" poster={poster} preload="none" aria-hidden />
      )}
    </>
  );
}
