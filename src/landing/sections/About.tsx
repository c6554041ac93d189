import { useEffect, useRef, useState } from 'react';
import { audience, designLead, media } from '../../content/programme';
import { ApplyLink } from '../components/ApplyLink';
import { CardGrid } from '../components/CardGrid';
import { PlayIcon } from '../components/Icons';
import { useLive } from '../hooks';

/**
 * The intro video, the design lead's welcome, and the four 'for you if you are' cards.
 *
 * The page carries a link to the video, not the player: a `<video controls>` makes the browser build its controls
 * (a large style sheet of its own and a dozen drawn icons) during the page's first layout, on every visit, for a
 * video few play (docs/decisions/018-landing-page.md). The link works before the script
 * and without it (the browser plays the file); once the section is live, a press puts the player in its place with
 * its poster and controls, playing, and focus on it. The poster comes with hydration, not in the prerendered HTML
 * (docs/decisions/085-apply-prerendered.md): the `<img>` itself is rendered only then, so the page
 * as served holds no image without its file (the box keeps its size from its aspect ratio).
 */
export function About() {
  const [started, setStarted] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const live = useLive();
  useEffect(() => {
    if (!started || !video.current) return;
    video.current.focus();
    // The press is the gesture that lets it play with sound; a browser that still refuses leaves the controls to it.
    video.current.play()?.catch(() => undefined);
  }, [started]);
  return (
    <>
      <section id="about" className="section about" aria-labelledby="about-title">
        <div className="container about-grid">
          <div className="video-frame">
            {started ? (
              <video
                ref={video}
                controls
                preload="none"
                width={640}
                height={360}
                playsInline
                poster={media.introPoster}
                tabIndex={0}
              >
                <source src={media.introVideo} type="video/mp4" />
                Your browser does not support the video tag.
              </video>
            ) : (
              <a
                className="video-start"
                href={media.introVideo}
                onClick={(event) => {
                  event.preventDefault();
                  setStarted(true);
                }}
              >
                {live && (
                  <img
                    src={media.introPoster}
                    alt=""
                    width={640}
                    height={360}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <span className="btn video-start-label">
                  <PlayIcon />
                  Play the welcome video
                </span>
              </a>
            )}
          </div>
          <div className="about-text">
            <p className="eyebrow">About the bootcamp</p>
            <h2 id="about-title">Welcome from our design lead</h2>
            {designLead.welcome.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
            <p className="signature">
              <img src="/img/design-lead.svg" alt="" width={48} height={48} loading="lazy" decoding="async" />
              <span>
                <strong>{designLead.name}</strong>
                <br />
                {designLead.role}
              </span>
            </p>
            <ApplyLink />
          </div>
        </div>
      </section>
      <section className="section audience" aria-labelledby="audience-title">
        <div className="container">
          <h2 id="audience-title">The bootcamp is for you if you are</h2>
          <CardGrid cards={audience} kind="audience-card" numbered />
        </div>
      </section>
    </>
  );
}
