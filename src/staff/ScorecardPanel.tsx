/**
 * An application's scorecard panel (docs/decisions/163-scorecards-blind-and-a-second-review.md): this team member
 * rates each criterion of the cohort's rubric from 1 to 5; the others' scorecards and the mean show once they have
 * scored (an admin sees them all). The server decides what is shown: the panel renders what it is given.
 */
import { useEffect, useState } from 'react';
import {
  RATING_MAX,
  RATING_MIN,
  SCORECARD_MESSAGES,
  type Ratings,
  type StaffScorecard,
  type StaffScorecards,
} from '../../machines/rules/scorecard';
import type { ErrorMap } from '../../machines/rules/messages';
import { BusyButton } from '../components/BusyButton';
import { RadioField } from '../components/Fields';
import { Form } from '../components/Form';
import { useStaff } from './StaffContext';
import { notAShortcut } from './TriageNav';
import { ResourceStatus } from './ResourceStatus';
import { useResource } from './useResource';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => String(RATING_MIN + i));
const SAVE_ID = 'scorecard-save';
const OPTIONS = RATINGS.map((value) => ({ value, label: value }));

/** "3.75 from 2 reviews". */
export const scoreWords = (mean: number | null, count: number): string =>
  count === 0 || mean === null ? 'Not scored yet' : `${mean} from ${count} review${count === 1 ? '' : 's'}`;

export function ScorecardPanel({ applicationId }: { applicationId: number }) {
  const { api } = useStaff();
  const { actor, view } = useResource<StaffScorecards, Ratings>(
    () => api.scorecards(applicationId),
    async (ratings) => {
      await api.saveScorecard(applicationId, ratings);
      return SCORECARD_MESSAGES.saved;
    },
  );
  const cards = view.data;
  const { errors } = view;
  return (
    <section className="staff-section" aria-labelledby="scorecard-title">
      <h2 id="scorecard-title">Scorecard</h2>
      <ResourceStatus actor={actor} view={view} />
      {cards && (
        <>
          {cards.othersVisible && cards.summary ? (
            <p>
              Score: <strong>{scoreWords(cards.summary.mean, cards.summary.count)}</strong>
              {cards.summary.needsAnotherReview && cards.summary.count > 1 && (
                <> (reviewers are {cards.summary.spread} points apart: another review is needed)</>
              )}
            </p>
          ) : (
            <p className="hint">{SCORECARD_MESSAGES.blind}</p>
          )}
          {/* Keyed by the saved scorecard: a save shows what the server stored. */}
          <ScoreForm
            key={cards.mine?.at ?? 'new'}
            cards={cards}
            errors={errors}
            busy={view.busy}
            onSave={(ratings) => actor.send({ type: 'SAVE', request: ratings })}
          />
          {cards.others.length > 0 && (
            <>
              <h3>Other reviewers</h3>
              <ul className="staff-notes">
                {cards.others.map((card) => (
                  <OtherCard key={card.by} card={card} cards={cards} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function OtherCard({ card, cards }: { card: StaffScorecard; cards: StaffScorecards }) {
  return (
    <li>
      <p className="staff-notes__by">
        {card.by}: {card.mean}
      </p>
      <p className="staff-notes__body">
        {cards.rubric.map((c) => `${c.label} ${card.ratings[c.key] ?? '—'}`).join(', ')}
      </p>
    </li>
  );
}

function ScoreForm({
  cards,
  errors,
  busy,
  onSave,
}: {
  cards: StaffScorecards;
  errors: ErrorMap;
  busy: boolean;
  onSave: (ratings: Ratings) => void;
}) {
  const [ratings, setRatings] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      cards.rubric.map((c) => [c.key, cards.mine ? String(cards.mine.ratings[c.key] ?? '') : '']),
    ),
  );
  // The criterion the next digit rates: 1–5 rate each in turn and then focus the save button, so a scorecard of
  // four criteria takes five keys (docs/staff.md, "Scorecards").
  const [at, setAt] = useState(0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (notAShortcut(e)) return;
      const criterion = cards.rubric[at];
      if (!RATINGS.includes(e.key) || !criterion) return;
      e.preventDefault();
      setRatings((now) => ({ ...now, [criterion.key]: e.key }));
      const next = at + 1 < cards.rubric.length ? at + 1 : 0;
      setAt(next);
      if (next === 0) document.getElementById(SAVE_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [at, cards.rubric]);
  return (
    <Form
      onSubmit={() =>
        // An unrated criterion is sent as 0, so the server names it in the catalogue's words.
        onSave(Object.fromEntries(Object.entries(ratings).map(([key, value]) => [key, Number(value)])))
      }
    >
      {cards.rubric.map((criterion) => (
        <RadioField
          key={criterion.key}
          name={criterion.key}
          label={criterion.label}
          hint={criterion.guidance || undefined}
          errors={errors}
          value={ratings[criterion.key] ?? ''}
          onChange={(value) => setRatings((now) => ({ ...now, [criterion.key]: value }))}
          options={OPTIONS}
        />
      ))}
      <BusyButton type="submit" id={SAVE_ID} busy={busy}>
        {cards.mine ? 'Update my score' : 'Save my score'}
      </BusyButton>
    </Form>
  );
}
