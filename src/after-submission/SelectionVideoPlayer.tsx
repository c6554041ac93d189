import { useEffect, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MESSAGES } from '../../machines/rules/messages';
import type { videoQuizMachine } from '../../machines/videoQuiz.machine';
import type { VideoView } from '../../machines/videoQuizView';
import type { AppConfig } from '../config';

/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
const HAVE_METADATA = 1;

export interface SelectionVideoPlayerProps {
  actor: ActorRefFrom<typeof videoQuizMachine>;
  config: AppConfig;
  view: VideoView;
  videoRef: RefObject<HTMLVideoElement | null>;
}

/**
 * The Program Director's video: forwards the media element's events to the videoQuiz machine and carries out the
 * player commands it emits, then says how much has been watched.
 */
export function SelectionVideoPlayer({ actor, config, view, videoRef }: SelectionVideoPlayerProps) {
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
  }, [actor, videoRef]);

  // The element starts loading when it is created, which can be well before React commits it; React drops the
  // media events of an element not yet committed, so a cached clip's loadedmetadata (or error) is lost and the
  // quiz never comes. Catch up once mounted.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.error) actor.send({ type: 'VIDEO.ERROR' });
    else if (video.readyState >= HAVE_METADATA)
      actor.send({ type: 'VIDEO.LOADED', duration: video.duration });
  }, [actor, videoRef]);

  return (
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
          if (!e.currentTarget.seeking) actor.send({ type: 'VIDEO.TIME', time: e.currentTarget.currentTime });
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
  );
}
