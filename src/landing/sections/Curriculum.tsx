import { levels, phases, type Phase } from '../../content/curriculum';
import { ApplyLink } from '../components/ApplyLink';
import { useViewportWidth } from '../hooks';
import { timelineLine, type TimelineLine } from '../layout';

const phaseIcon: Record<Phase['id'], string> = {
  onboarding: 'M4 12h16M12 4v16',
  learning: 'M4 19V5l8 4 8-4v14l-8-4z',
  handshake: 'M3 12l5-5 4 4 4-4 5 5-9 8z',
  graduation: 'M2 9l10-5 10 5-10 5zM6 11v5c4 3 8 3 12 0v-5',
};

/** The decorative line behind the timeline; which one depends on the width (layout.ts). */
function Line({ variant }: { variant: TimelineLine }) {
  const path =
    variant === 'curvy'
      ? 'M0 25 C 12 5, 25 45, 37 25 S 62 5, 75 25 S 95 40, 98 50 S 88 70, 75 75 S 50 95, 37 75 S 12 55, 0 75'
      : variant === 'straight'
        ? 'M0 25 H100 M0 75 H100'
        : 'M50 0 V100';
  return (
    <svg
      className={`timeline-line timeline-line--${variant}`}
      data-line={variant}
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

const allLines: readonly TimelineLine[] = ['curvy', 'straight', 'vertical'];

/**
 * 'Here's what awaits you': the phases as an icon strip, then the eight levels on a timeline. Before the width is
 * known (prerendered HTML) all three lines are in the markup and CSS shows one; afterwards only the chosen one.
 */
export function Curriculum() {
  const width = useViewportWidth();
  const lines = width === null ? allLines : [timelineLine(width)];
  return (
    <section id="curriculum" className="section curriculum" aria-labelledby="curriculum-title">
      <div className="container">
        <p className="eyebrow">Curriculum</p>
        <h2 id="curriculum-title">Here’s what awaits you</h2>
        <ol className="phase-strip">
          {phases.map((phase) => (
            <li key={phase.id} className="phase">
              <svg
                className="phase-icon"
                width="32"
                height="32"
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
              >
                <path d={phaseIcon[phase.id]} />
              </svg>
              <h3>
                {phase.title} <span className="phase-duration">{phase.duration}</span>
              </h3>
              <p>{phase.body}</p>
            </li>
          ))}
        </ol>
        <div className="timeline">
          {lines.map((variant) => (
            <Line key={variant} variant={variant} />
          ))}
          <ol className="timeline-cards">
            {levels.map((level) => (
              <li key={level.number} className="timeline-card">
                <span className="timeline-dot" aria-hidden="true">
                  {level.number}
                </span>
                <h3>
                  <span className="sr-only">Level {level.number}: </span>
                  {level.title}
                </h3>
                <p>{level.description}</p>
              </li>
            ))}
          </ol>
        </div>
        <p className="section-cta">
          <ApplyLink />
        </p>
      </div>
    </section>
  );
}
