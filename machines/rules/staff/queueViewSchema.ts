/**
 * The staff queue's view as one yup schema (docs/api.md, "Staff"; docs/architecture.md, "A server feature"): every
 * name the queue's query string may carry and what each may hold, in the catalogue's words. The screens read the URL
 * by its names (machines/rules/queueView.ts); the server parses the queue's query string, a bulk action's or an
 * assignment's `filter`, and a saved view with it (server/staff/queueView.ts). What needs the database (the cohort's
 * number, the page cursor's value) is checked there.
 */
import { object, string, type StringSchema } from 'yup';
import { REVIEW_STATUSES } from '../../review.machine';
import { ELIGIBILITY_STATUSES, type EligibilityStatus } from '../application';
import { checkAnswers, type Issue } from '../yupAnswers';
import { STAFF_MESSAGES } from './messages';
import {
  PAYMENT_STATUSES,
  QUEUE_REVIEW_COUNTS,
  QUEUE_SORTS,
  QUEUE_STAGES,
  QUEUE_YEARS,
  STAFF_QUEUE_MESSAGES as M,
  type PaymentStatus,
  type QueueReviewCount,
  type QueueSort,
  type QueueStage,
  type QueueStatusFilter,
  type StaffQueueQuery,
} from './queue';
import { normaliseTag } from './tags';

/** The status filter's values: a review status, or `not_submitted` (still in the wizard). */
export const QUEUE_STATUS_FILTERS: readonly QueueStatusFilter[] = ['not_submitted', ...REVIEW_STATUSES];
/** The most rows a page may ask for. */
export const MAX_PAGE = 200;
/** A free value's longest (a country, a payment option's words, a tag as typed). */
const TEXT_MAX = 300;

/** A comma-separated list of values from `allowed` (`status=accepted,waitlisted`). */
const listOf = (allowed: readonly string[]) =>
  string().test('list', M.chooseFromList, (text) =>
    text === undefined ? true : text.split(',').every((v) => allowed.includes(v.trim())),
  );

/** A value from a closed list. */
const oneOf = (allowed: readonly string[]) =>
  string().test('oneOf', M.chooseFromList, (text) => text === undefined || allowed.includes(text));

/** A calendar day, YYYY-MM-DD (UTC); 2026-02-30 parses as 2 March, so only a day that reads back the same is one. */
export const dayOf = (text: string): Date | null => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(NaN);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
};
export const inQueueYears = (date: Date) =>
  date.getUTCFullYear() >= QUEUE_YEARS.first && date.getUTCFullYear() <= QUEUE_YEARS.last;

/** A day within QUEUE_YEARS (the date filters, and the reports' range). */
export const queueDay = () =>
  string()
    .test('day', M.dateFormat, (text) => text === undefined || dayOf(text) !== null)
    .test('years', M.dateRange, (text) => {
      const date = text === undefined ? null : dayOf(text);
      return date === null || inQueueYears(date);
    });

const freeText = () => string().max(TEXT_MAX, M.chooseFromList);

const shape = {
  /** The cohort's number; whether it exists is the database's to say (404). */
  cohort: string().matches(/^\d{1,6}$/, M.noSuchCohort),
  stage: listOf(QUEUE_STAGES),
  eligibility: listOf(ELIGIBILITY_STATUSES),
  status: listOf(QUEUE_STATUS_FILTERS),
  payment: freeText(),
  paymentStatus: listOf(PAYMENT_STATUSES),
  country: freeText(),
  source: freeText(),
  from: queueDay(),
  to: queueDay(),
  cv: oneOf(['yes', 'no']),
  q: string().trim().max(100, M.searchTooLong),
  allCohorts: oneOf(['1']),
  scoreMin: string().test(
    'score',
    M.scoreMin,
    (text) => text === undefined || (/^\d(\.\d{1,2})?$/.test(text) && Number(text) >= 1 && Number(text) <= 5),
  ),
  reviews: listOf(QUEUE_REVIEW_COUNTS),
  assignee: string().matches(/^(me|none|[1-9]\d{0,8})$/, M.chooseFromList),
  tag: freeText().test(
    'tag',
    STAFF_MESSAGES.tagInvalid,
    (text) => text === undefined || normaliseTag(text) !== null,
  ),
  sort: oneOf(QUEUE_SORTS),
  dir: oneOf(['asc', 'desc']),
  /** The server's own token; its meaning is checked there (a stale one is refused in the catalogue's words). */
  cursor: string().max(1000, M.cursorStale),
  limit: string().test('limit', M.limit, (text) => {
    if (text === undefined) return true;
    const limit = Number(text);
    return Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE;
  }),
} satisfies Record<keyof StaffQueueQuery, StringSchema<string | undefined>>;

/** The queue's query string: every name it may carry, each checked. */
export const queueViewSchema = object(shape);

/** Every name the queue's query string may carry: the screen keeps these from the URL, the server checks them. */
export const STAFF_QUEUE_QUERY_NAMES = Object.keys(shape) as (keyof StaffQueueQuery)[];

/** The view a query string asks for, read: lists split, numbers read, days as instants, defaults filled in. */
export interface QueueQueryView {
  /** The cohort's number; absent: the cohort open now. */
  cohort?: number;
  stages: QueueStage[];
  eligibility: EligibilityStatus[];
  statuses: QueueStatusFilter[];
  /** Neither a status nor a stage chosen: the queue shows submitted applications only (decision 060). */
  submittedOnly: boolean;
  /** Search every cohort, not only `cohort` (`allCohorts=1`). */
  allCohorts: boolean;
  payment?: string;
  paymentStatuses: PaymentStatus[];
  country?: string;
  source?: string;
  from?: Date;
  /** Exclusive: the day after `to`. */
  until?: Date;
  cv?: 'yes' | 'no';
  q?: string;
  sort: QueueSort;
  /** The sort's own direction when not given: newest, highest score first; everything else from A. */
  dir: 'asc' | 'desc';
  /** The page cursor as sent (the server decodes it). */
  cursor?: string;
  limit: number;
  scoreMin?: number;
  reviews: QueueReviewCount[];
  /** `me` (the viewer), a team member's id, or nobody. */
  assignee?: number | 'me' | 'none';
  /** Normalised (decision 060). */
  tag?: string;
}

/** Newest submissions and highest scores first; everything else from A. */
export const defaultDir = (sort: QueueSort): 'asc' | 'desc' =>
  sort === 'submitted' || sort === 'created' || sort === 'score' ? 'desc' : 'asc';

const listed = <T extends string>(text: string | undefined): T[] =>
  text ? [...new Set(text.split(',').map((v) => v.trim() as T))] : [];

/**
 * A query string (its values as the URL or a JSON body holds them) read as a view, and every problem, field by field.
 * An empty value is no value; of a name given twice, the last counts; a name the queue does not know is ignored.
 */
export function readQueueQuery(raw: object): { view: QueueQueryView; issues: Issue[] } {
  const sent: Record<string, unknown> = {};
  for (const name of STAFF_QUEUE_QUERY_NAMES) {
    const value = (raw as Readonly<Record<string, unknown>>)[name];
    const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined && last !== null && last !== '') sent[name] = last;
  }
  const { value: q, issues } = checkAnswers(queueViewSchema, sent);
  const stages = listed<QueueStage>(q.stage);
  const statuses = listed<QueueStatusFilter>(q.status);
  const sort = (q.sort ?? 'submitted') as QueueSort;
  const assignee = q.assignee;
  const view: QueueQueryView = {
    ...(q.cohort !== undefined ? { cohort: Number(q.cohort) } : {}),
    stages,
    eligibility: listed<EligibilityStatus>(q.eligibility),
    statuses,
    submittedOnly: statuses.length === 0 && stages.length === 0,
    allCohorts: q.allCohorts === '1',
    payment: q.payment,
    paymentStatuses: listed<PaymentStatus>(q.paymentStatus),
    country: q.country,
    source: q.source,
    from: q.from === undefined ? undefined : (dayOf(q.from) ?? undefined),
    until: q.to === undefined ? undefined : addDay(dayOf(q.to)),
    cv: q.cv as QueueQueryView['cv'],
    q: q.q || undefined,
    sort,
    dir: (q.dir as QueueQueryView['dir'] | undefined) ?? defaultDir(sort),
    cursor: q.cursor,
    limit: q.limit === undefined ? 50 : Number(q.limit),
    scoreMin: q.scoreMin === undefined ? undefined : Number(q.scoreMin),
    reviews: listed<QueueReviewCount>(q.reviews),
    assignee:
      assignee === undefined || assignee === 'me' || assignee === 'none' ? assignee : Number(assignee),
    tag: q.tag === undefined ? undefined : (normaliseTag(q.tag) ?? undefined),
  };
  return { view, issues };
}

const addDay = (date: Date | null) => (date === null ? undefined : new Date(date.getTime() + 86_400_000));
