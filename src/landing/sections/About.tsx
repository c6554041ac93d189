import { useEffect, useRef } from 'react';
import { audience, designLead, media } from '../../content/programme';
import { ApplyLink } from '../components/ApplyLink';
import { CardGrid } from '../components/CardGrid';

/**
 * The intro video with its poster (nothing but the poster loads until someone presses play), the design lead's
 * welcome, and the four 'for you if you are' cards.
 */
export function About() {
  const video = useRef<HTMLVideoElement>(null);
  // The poster comes with hydration (after `load`), not in the prerendered HTML: fetched during the first paint, the
  // image of a video below the fold held back the hero's paint (docs/decisions/097-entry-started-after-the-first-paint.md).
  useEffect(() => {
    if (video.current) video.current.poster = media.introPoster;
  }, []);
  return (
    <>
      <section id="about" className="section about" aria-labelledby="about-title">
        <div className="container about-grid">
          <div className="video-frame">
            <video ref={video} controls preload="none" width={640} height={360} playsInline>
              <source src={media.introVideo} type="video/mp4" />
              Your browser does not support the video tag.
            </video>
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
