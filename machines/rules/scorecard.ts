/**
 * Scorecards (docs/decisions/163-scorecards-blind-and-a-second-review.md): each cohort has a rubric of criteria
 * rated 1 to 5, drawn by default from the programme's requirements (English, a device and internet access, time,
 * an open mind). Each team member scores an application on their own; the others' scores stay hidden from them
 * until they have scored, and an admin sees them all. Plain functions: the server, the queue and the panels share
 * them.
 */

import { STAFF_API } from './api';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RUBRIC_MAX_CRITERIA = 12;

export interface RubricCriterion {
  /** Stable key the ratings are stored by (lower-case letters, digits and `_`). */
  key: string;
  label: string;
  /** What a 1 and a 5 look like, for the reviewer. */
  guidance: string;
}

export type Ratings = Record<string, number>;

export const DEFAULT_RUBRIC: readonly RubricCriterion[] = [
  {
    key: 'communication',
    label: 'Communication',
    guidance:
      'Clear, truthful answers in English. 1: hard to follow or copied; 5: clear, specific and in their own words.',
  },
  {
    key: 'commitment',
    label: 'Commitment',
    guidance:
      'Time for a programme that is not self-paced, ready to join the next cohort and pay the commitment fee. 1: no time or unclear; 5: time set aside and a plan for the fee.',
  },
  {
    key: 'digital_readiness',
    label: 'Digital readiness',
    guidance:
      'A smart device and internet access. 1: neither; 5: their own device and a reliable connection.',
  },
  {
    key: 'fit',
    label: 'Fit',
    guidance:
      'Open-minded and ready to do what it takes; the programme suits their goals. 1: looking for something else; 5: the programme is the next step they describe.',
  },
];

/** Two reviewers whose overall scores are this far apart disagree: the application needs another review. */
export const DISAGREEMENT_POINTS = 2;
/** The reviews an application needs before it may be accepted, once anyone has scored it. */
export const REVIEWS_NEEDED = 2;

export const SCORECARD_MESSAGES = {
  rating: (label: string) => `Rate ${label} from ${RATING_MIN} to ${RATING_MAX}`,
  criteria: 'Rate every criterion of the rubric',
  rubricEmpty: 'Give the rubric at least one criterion',
  rubricTooMany: `Give the rubric at most ${RUBRIC_MAX_CRITERIA} criteria`,
  criterionLabel: 'Name each criterion (at most 60 characters)',
  criterionGuidance: 'Keep each criterion’s guidance under 500 characters',
  criterionRepeated: 'Each criterion needs a different name',
  notSubmitted: 'Only a submitted application can be scored',
  /** The panel, before the reviewer has scored. */
  blind: 'Other reviewers’ scores show once you have scored',
  saved: 'Score saved',
} as const;

/** The mean of one scorecard's ratings over the rubric, rounded to two places; null when one is missing. */
export function scorecardMean(rubric: readonly RubricCriterion[], ratings: Ratings): number | null {
  if (rubric.length === 0) return null;
  let sum = 0;
  for (const { key } of rubric) {
    const rating = ratings[key];
    if (!isRating(rating)) return null;
    sum += rating;
  }
  return round2(sum / rubric.length);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export const isRating = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= RATING_MIN && (value as number) <= RATING_MAX;

export interface ScoreSummary {
  /** Reviews counted. */
  count: number;
  /** The mean of the reviewers' means (each reviewer weighs the same); null with no review. */
  mean: number | null;
  /** The highest reviewer mean minus the lowest; 0 with fewer than two. */
  spread: number;
  /** Fewer than REVIEWS_NEEDED reviews, or reviewers DISAGREEMENT_POINTS or more apart. */
  needsAnotherReview: boolean;
}

/**
 * The review chart's event a saved scorecard sends (decision 163): a lone review awaits a second; once the second is
 * in, the reviews either agree or say they disagree, never "awaiting a second review" again.
 */
export function reviewsEvent(
  summary: ScoreSummary,
): 'ASK_SECOND_REVIEW' | 'REVIEWS_DISAGREE' | 'REVIEWS_AGREE' {
  if (!summary.needsAnotherReview) return 'REVIEWS_AGREE';
  return summary.count < REVIEWS_NEEDED ? 'ASK_SECOND_REVIEW' : 'REVIEWS_DISAGREE';
}

/** Reviewers whose means are `spread` apart agree: closer than DISAGREEMENT_POINTS. */
export const reviewersAgree = (spread: number): boolean => spread < DISAGREEMENT_POINTS;

/** The application's score from its reviewers' means. */
export function summarise(means: readonly number[]): ScoreSummary {
  if (means.length === 0) return { count: 0, mean: null, spread: 0, needsAnotherReview: false };
  const mean = round2(means.reduce((a, b) => a + b, 0) / means.length);
  const spread = round2(Math.max(...means) - Math.min(...means));
  return {
    count: means.length,
    mean,
    spread,
    needsAnotherReview: means.length < REVIEWS_NEEDED || !reviewersAgree(spread),
  };
}

/** Ratings as sent: a 1..5 integer for every criterion of the rubric, and nothing else; or the first field wrong. */
export function checkRatings(
  rubric: readonly RubricCriterion[],
  value: unknown,
): { ratings: Ratings } | { field: string; message: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { field: 'ratings', message: SCORECARD_MESSAGES.criteria };
  const given = value as Record<string, unknown>;
  const known = new Set(rubric.map((c) => c.key));
  if (Object.keys(given).some((key) => !known.has(key)))
    return { field: 'ratings', message: SCORECARD_MESSAGES.criteria };
  const ratings: Ratings = {};
  for (const criterion of rubric) {
    const rating = given[criterion.key];
    if (!isRating(rating))
      return { field: criterion.key, message: SCORECARD_MESSAGES.rating(criterion.label) };
    ratings[criterion.key] = rating;
  }
  return { ratings };
}

/** A key from a criterion's label ("Digital readiness" → digital_readiness). */
export const criterionKey = (label: string): string =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40) || 'criterion';

/**
 * The rubric form's fields, as the rubric's check names them in its errors: a criterion's name and guidance by its
 * place (0-based), and the list as a whole (none, or too many).
 */
export const rubricFields = {
  list: 'criteria',
  label: (index: number) => `criterion-${index}`,
  guidance: (index: number) => `guidance-${index}`,
} as const;

/** A rubric as an admin sends it: 1..12 criteria with distinct names, each keyed from its name. */
export function checkRubric(
  value: unknown,
): { rubric: RubricCriterion[] } | { field: string; message: string } {
  if (!Array.isArray(value) || value.length === 0)
    return { field: rubricFields.list, message: SCORECARD_MESSAGES.rubricEmpty };
  if (value.length > RUBRIC_MAX_CRITERIA)
    return { field: rubricFields.list, message: SCORECARD_MESSAGES.rubricTooMany };
  const rubric: RubricCriterion[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const { label, guidance } = (item ?? {}) as { label?: unknown; guidance?: unknown };
    const name = typeof label === 'string' ? label.trim() : '';
    if (!name || name.length > 60)
      return { field: rubricFields.label(index), message: SCORECARD_MESSAGES.criterionLabel };
    const words = typeof guidance === 'string' ? guidance.trim() : guidance === undefined ? '' : null;
    if (words === null || words.length > 500)
      return { field: rubricFields.guidance(index), message: SCORECARD_MESSAGES.criterionGuidance };
    const key = criterionKey(name);
    if (rubric.some((c) => c.key === key))
      return { field: rubricFields.label(index), message: SCORECARD_MESSAGES.criterionRepeated };
    rubric.push({ key, label: name, guidance: words });
  }
  return { rubric };
}

/*
 * The HTTP contract of scorecards (docs/api.md, "Staff").
 */

export interface StaffScorecard {
  /** The reviewer's email. */
  by: string;
  ratings: Ratings;
  mean: number;
  at: string;
}

/** GET …/applications/:id/scorecards: the rubric, one's own scorecard, and the others' once one has scored. */
export interface StaffScorecards {
  rubric: RubricCriterion[];
  mine: StaffScorecard | null;
  /** false: the others' scores are hidden (`others` empty) until this team member scores; admins see all. */
  othersVisible: boolean;
  others: StaffScorecard[];
  /** The summary of every review; null while the others are hidden. */
  summary: ScoreSummary | null;
}

export const scorecardPaths = {
  /** GET: `StaffScorecards`; PUT `{ ratings }`: saves one's own scorecard and answers `StaffScorecards`. */
  scorecards: `${STAFF_API}/applications/:id/scorecards`,
  /** GET: the cohort's rubric; PUT `{ criteria: [{ label, guidance }] }` (admins). */
  rubric: `${STAFF_API}/cohorts/:number/rubric`,
} as const;
