/**
 * The queue's filter panel as rules (docs/decisions/137): which filters it holds, how a chip words an active one, and
 * how the typed days become the URL's. Plain functions, so the form only renders.
 */
import { reviewMeta } from '../review.machine';
import { filterOf, humanize, reviewCountWords } from './queueView';
import { readQueueQuery } from './staff/queueViewSchema';
import {
  STAFF_QUEUE_MESSAGES,
  QUEUE_STAGE_LABELS,
  type QueueStage,
  type QueueStatusFilter,
  type StaffQueueQuery,
} from './staff/queue';

/** A review status (or "not submitted yet") as staff read it. */
export const statusLabel = (status: QueueStatusFilter) =>
  status === 'not_submitted' ? 'Not submitted' : reviewMeta(status).label;

/** The CV filter's values in words (its field and its chip). */
export const cvLabel = (value: string) => (value === 'yes' ? 'Uploaded or emailed' : 'None');

/** The filters typed as a day: the form shows the programme's way, the URL holds YYYY-MM-DD. */
export const QUEUE_DAY_FILTERS = ['from', 'to'] as const;
export type QueueDayFilter = (typeof QUEUE_DAY_FILTERS)[number];

/** The filters behind the disclosure, with how their chip names them. */
export const QUEUE_PANEL_FILTERS = [
  ['status', 'Status'],
  ['stage', 'Furthest stage'],
  ['eligibility', 'Eligibility'],
  ['paymentStatus', 'Payment'],
  ['cv', 'CV'],
  ['country', 'Country'],
  ['from', 'Submitted from'],
  ['to', 'Submitted to'],
  ['scoreMin', 'Score'],
  ['reviews', 'Reviews'],
] as const satisfies readonly (readonly [keyof StaffQueueQuery, string])[];
export type QueuePanelFilter = (typeof QUEUE_PANEL_FILTERS)[number][0];

/** How each panel filter's value reads on its chip; `formatDay` writes a day the programme's way. */
export function filterValueWords(
  key: QueuePanelFilter,
  value: string,
  formatDay: (isoDay: string) => string,
): string {
  switch (key) {
    case 'status':
      return statusLabel(value as QueueStatusFilter);
    case 'stage':
      return QUEUE_STAGE_LABELS[value as QueueStage];
    case 'cv':
      return cvLabel(value);
    case 'from':
    case 'to':
      return formatDay(value);
    case 'country':
      return value;
    case 'scoreMin':
      return `${value} or more`;
    case 'reviews':
      return reviewCountWords(value);
    default:
      return humanize(value);
  }
}

/**
 * The draft's days read back to YYYY-MM-DD by `parseDay` (null where it cannot read one): the days for the URL, and
 * the fields to mark wrong.
 */
export function readDraftDays(
  draft: StaffQueueQuery,
  parseDay: (typed: string) => string | null,
): { days: Partial<Record<QueueDayFilter, string>>; wrong: QueueDayFilter[] } {
  const days: Partial<Record<QueueDayFilter, string>> = {};
  const wrong: QueueDayFilter[] = [];
  for (const key of QUEUE_DAY_FILTERS) {
    const typed = draft[key];
    const day = typed ? parseDay(typed) : undefined;
    if (day === null) wrong.push(key);
    else days[key] = day;
  }
  return { days, wrong };
}

/**
 * The draft as the URL will hold it, checked by the queue's schema (the server's: machines/rules/staff/queueViewSchema.ts):
 * the view to apply, or each field's problem in the catalogue's words. A day that cannot be read asks for the
 * programme's way of writing one (`pattern`); a day read but out of range, a search too long, say so before a request.
 */
export function checkDraft(
  draft: StaffQueueQuery,
  parseDay: (typed: string) => string | null,
  pattern: string,
): { query: StaffQueueQuery; problems: Partial<Record<keyof StaffQueueQuery, string>> } {
  const { days, wrong } = readDraftDays(draft, parseDay);
  const query = filterOf({ ...draft, ...days });
  const problems: Partial<Record<keyof StaffQueueQuery, string>> = {};
  for (const key of wrong) problems[key] = STAFF_QUEUE_MESSAGES.dateAs(pattern);
  for (const { path, message } of readQueueQuery(query).issues)
    problems[path as keyof StaffQueueQuery] ??= message;
  return { query, problems };
}
