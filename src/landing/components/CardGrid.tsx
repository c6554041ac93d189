import type { Card } from '../../content/programme';

/** A grid of titled cards, each of the given kind; `numbered` puts 01, 02… before each title. */
export function CardGrid({
  cards,
  kind,
  numbered,
}: {
  cards: readonly Card[];
  kind: string;
  numbered?: boolean;
}) {
  return (
    <ul className="card-grid">
      {cards.map((card, i) => (
        <li key={card.title} className={`card ${kind}`}>
          {numbered && (
            <span className="card-number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
          )}
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </li>
      ))}
    </ul>
  );
}
