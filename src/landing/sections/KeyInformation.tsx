import { keyInformation } from '../../content/programme';
import { useViewportWidth } from '../hooks';
import { keyInfoRowHeight } from '../layout';
import { useCohort } from '../useCohort';
import { useLandingWords } from '../useLandingWords';

/** Key Information (id `gant`; its words an admin's: decision 246): four cards in a row of the spec's height (1370 px below 768 px, else 560 px). */
export function KeyInformation() {
  const width = useViewportWidth();
  const cards = keyInformation(useCohort(), useLandingWords());
  return (
    <section id="gant" className="section keyinfo" aria-labelledby="gant-title">
      <div className="container">
        <p className="eyebrow">Key information</p>
        <h2 id="gant-title">Everything you need to know before you apply</h2>
        <ul
          className="keyinfo-row"
          style={width === null ? undefined : { minHeight: keyInfoRowHeight(width) }}
        >
          {cards.map((card, i) => (
            <li key={i} className="card keyinfo-card">
              <h3>{card.title}</h3>
              <p className="keyinfo-lead">{card.lead}</p>
              <ul className="ticks">
                {card.details.map((detail, j) => (
                  <li key={j}>{detail}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
