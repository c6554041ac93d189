import { useState } from 'react';
import { HERO_ROTATION_MS, heroPairs } from '../../content/hero';
import { ApplyLink } from '../components/ApplyLink';
import { PauseIcon, PlayIcon } from '../components/Icons';
import { useInterval, usePrefersReducedMotion } from '../hooks';
import { useCohort } from '../useCohort';

/**
 * Seven headline pairs, one every 6 s, looping; still for people who prefer reduced motion, and pausable by
 * anyone (WCAG 2.2.2). The current pair sits in a polite live region. Invisible copies of every pair share its
 * grid cell so the hero is always as tall as its longest pair: a rotation never shifts the page.
 */
export function Hero() {
  const cohort = useCohort();
  const pairs = heroPairs(cohort);
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice ? choice === 'play' : !reducedMotion;

  useInterval(() => setIndex((i) => (i + 1) % pairs.length), HERO_ROTATION_MS, playing);

  const pair = pairs[index];
  return (
    <section id="hero" className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <p className="hero-eyebrow">
          Cohort {cohort.number} · starts {cohort.start}
        </p>
        {/* Always there, empty unless the cohort open now is paused: the server fills it, and hydration finds the
            same element whether or not it has words (decision 235). */}
        <p className="hero-notice">{cohort.notice}</p>
        <div className="hero-rotator">
          <div className="hero-slot" aria-live="polite" aria-atomic="true">
            <h1 id="hero-title" className="hero-title">
              {pair.headline}
            </h1>
            <p className="hero-sub">{pair.subheadline}</p>
          </div>
          {pairs.map((sizer) => (
            <div key={sizer.headline} className="hero-slot hero-sizer" aria-hidden="true">
              <p className="hero-title">{sizer.headline}</p>
              <p className="hero-sub">{sizer.subheadline}</p>
            </div>
          ))}
        </div>
        <div className="hero-actions">
          <ApplyLink className="btn btn-primary btn-lg" />
          <a className="btn btn-ghost btn-lg" href="#gant">
            Key information
          </a>
        </div>
        <button
          type="button"
          className="hero-pause"
          aria-pressed={!playing}
          onClick={() => setChoice(playing ? 'pause' : 'play')}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
          Pause headlines
        </button>
      </div>
    </section>
  );
}
