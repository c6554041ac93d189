/**
 * The staff queue (docs/api.md, "Staff"): one cohort's applications, filtered by the query string, searched, sorted
 * and paged by keyset (a cursor holding the last row's sort value and id), so a page costs the same at row 100 000
 * as at row 1. Built with Kysely (server/db/query.ts) and run by the project's `Db`. The same filter feeds bulk
 * decisions and the exports.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Compilable, type RawBuilder } from 'kysely';
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import {
  ELIGIBILITY_STATUSES as ELIGIBILITY,
  type EligibilityStatus,
} from '../../machines/rules/application';
import {
  PAYMENT_STATUSES,
  QUEUE_SORTS,
  QUEUE_STAGES,
  QUEUE_YEARS,
  STAFF_QUEUE_MESSAGES as M,
  staffQueuePaths,
  type PaymentStatus,
  type QueueReviewCount,
  type QueueSort,
  type QueueStage,
  type QueueStatusFilter,
  type StaffQueueCohort,
  type StaffQueuePage,
  type StaffQueueRow,
  STAFF_QUEUE_QUERY_NAMES,
  QUEUE_REVIEW_COUNTS,
} from '../../machines/rules/staff/queue';
import { seesContact } from '../../machines/rules/staff/contact';
import { type StaffRole } from '../../machines/rules/staff/roles';
import { normaliseTag } from '../../machines/rules/staff/tags';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { seatsTaken } from '../db/cohorts';
import type { Context } from '../context';
import { iso, type Queryable } from '../db/index';
import { fieldFail } from '../http';
import { INT4_MAX, object, str } from '../routes/schemas';
import { HIDDEN_SINGLE_LINE } from '../../machines/rules/schemas';
import type { StaffMember } from './store';
import { qb, run } from '../db/query';

/** The guard of server/staff/routes.ts: the signed-in team member, or 401/403. */
export type StaffGuard = (request: FastifyRequest, role?: StaffRole) => Promise<StaffMember>;

const STATUS_FILTERS: readonly QueueStatusFilter[] = ['not_submitted', ...REVIEW_STATUSES];
export const MAX_PAGE = 200;

export interface QueueView {
  cohort: StaffQueueCohort;
  stages: QueueStage[];
  eligibility: string[];
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
  dir: 'asc' | 'desc';
  cursor: { value: string | number; id: number } | null;
  limit: number;
  /** The team member sees contact details (`seesContact`): their rows show them and `q` searches them. */
  contact: boolean;
  /** At least this mean score (a scored application whose score the viewer may see). */
  scoreMin?: number;
  reviews: QueueReviewCount[];
  /** Assigned to this team member, or to nobody (`assignee`; `me` is the viewer). */
  assignee?: number | 'none';
  /** Only applications with this tag, normalised (decision 060). */
  tag?: string;
  /** Who is looking: a reviewer sees an application's score only once they have scored it (decision 163). */
  viewer: { id: number | null; seesAllScores: boolean };
}

// The expressions the filters, the sorts and the indexes of migration 9 share (the same text, so the planner
// matches the indexes).
const cohortOf = sql<number>`COALESCE(a.cohort_id, a.applied_cohort_id)`;
export const stageOf = sql<QueueStage>`CASE
  WHEN a.submitted_at IS NOT NULL AND a.payment_option <> '' THEN 'payment_chosen'
  WHEN a.submitted_at IS NOT NULL AND (a.video->>'isVideoEnded') = 'true' THEN 'video_watched'
  WHEN a.submitted_at IS NOT NULL THEN 'submitted'
  WHEN a.employment IS NOT NULL THEN 'employment'
  WHEN a.eligibility IS NOT NULL THEN 'eligibility'
  WHEN a.email_verified_at IS NOT NULL THEN 'verified'
  ELSE 'created' END`;
export const statusOf = sql<QueueStatusFilter>`CASE WHEN a.submitted_at IS NULL THEN 'not_submitted'
  ELSE COALESCE(a.review_status, 'submitted') END`;
export const paymentStatusOf = sql<PaymentStatus>`COALESCE((SELECT p.status FROM payments p
  WHERE p.application_id = a.id ORDER BY (p.status = 'paid') DESC, p.id DESC LIMIT 1), 'none')`;
export const cvOf = sql<'uploaded' | 'email' | 'none'>`CASE
  WHEN EXISTS (SELECT 1 FROM cvs c WHERE c.application_id = a.id) THEN 'uploaded'
  WHEN a.cv_sent_by_email THEN 'email' ELSE 'none' END`;

const assignedTo = (staffId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM assignments x WHERE x.application_id = a.id AND x.staff_id = ${staffId})`;
const tagsOf = sql<
  string[]
>`ARRAY(SELECT t.tag FROM application_tags t WHERE t.application_id = a.id ORDER BY t.tag)`;
const assigneeOf = sql<string | null>`(SELECT m.email FROM assignments x JOIN staff m ON m.id = x.staff_id
  WHERE x.application_id = a.id)`;

// The count and the mean are kept on the application by the database (migration 33, decision 163), so the score
// sort and the score filters read the row and the index applications_queue_score, not every scorecard.
export const reviewsOf = sql<number>`a.reviews`;
const meanOf = sql<number | null>`a.review_mean::float8`;
/** Whether the viewer sees every score (an admin) or only those of applications they scored too (decision 163). */
const seesScore = ({ viewer }: Pick<QueueView, 'viewer'>) =>
  viewer.seesAllScores
    ? null
    : sql<boolean>`EXISTS (SELECT 1 FROM scorecards s WHERE s.application_id = a.id AND s.staff_id = ${viewer.id ?? 0})`;
/** The mean score as the viewer may see it: all for an admin, a reviewer's only where they have scored too. */
export const scoreOf = (view: Pick<QueueView, 'viewer'>) => {
  const sees = seesScore(view);
  return sees ? sql<number | null>`CASE WHEN ${sees} THEN ${meanOf} END` : meanOf;
};
/** The score's hundredths as an integer, unscored 0: for an admin the very expression of the index. */
const scoreKey = (view: Pick<QueueView, 'viewer'>) => {
  const sees = seesScore(view);
  const key = sql<number>`COALESCE(round(a.review_mean * 100), 0)::int`;
  return sees ? sql<number>`CASE WHEN ${sees} THEN ${key} ELSE 0 END` : key;
};

type SortSpec = { key: RawBuilder<unknown>; cast: string; dir: 'asc' | 'desc' };
/** Each sort's key; the score's hundredths as an integer, unscored last (its own per viewer, so not here). */
const sortOf = (view: Pick<QueueView, 'sort' | 'viewer'>): SortSpec =>
  view.sort === 'score' ? { key: scoreKey(view), cast: 'integer', dir: 'desc' } : SORTS[view.sort];

const SORTS: Record<Exclude<QueueSort, 'score'>, SortSpec> = {
  submitted: { key: sql`COALESCE(a.submitted_at, 'epoch'::timestamptz)`, cast: 'timestamptz', dir: 'desc' },
  created: { key: sql`a.created_at`, cast: 'timestamptz', dir: 'desc' },
  name: { key: sql`lower(a.lastname || ' ' || a.firstname)`, cast: 'text', dir: 'asc' },
  eligibility: { key: sql`a.eligibility_status`, cast: 'text', dir: 'asc' },
  status: {
    key: sql`array_position(ARRAY[${sql.join(STATUS_FILTERS.map((s) => sql.lit(s)))}]::text[], ${statusOf})`,
    cast: 'integer',
    dir: 'asc',
  },
};

export type Query = Record<string, unknown>;

/**
 * The queue's query string (and a bulk action's `filter`) as the schema checks it before a route reads it: each value
 * one string without hidden characters, so that none reaches the database, or an export after it began to stream.
 * The values' meaning is checked by readQueueView, in the catalogue's words.
 */
export const queueQuerySchema = object(
  Object.fromEntries(STAFF_QUEUE_QUERY_NAMES.map((name) => [name, str(name === 'cursor' ? 1000 : 300)])),
);

export const one = (query: Query, name: string): string | undefined => {
  const value = query[name];
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string' || text.length > 300) throw fieldFail(400, name, M.chooseFromList);
  return text;
};

function list<T extends string>(query: Query, name: string, allowed: readonly T[]): T[] {
  const text = one(query, name);
  if (!text) return [];
  const values = text.split(',').map((v) => v.trim());
  if (!values.every((v) => (allowed as readonly string[]).includes(v)))
    throw fieldFail(400, name, M.chooseFromList);
  return [...new Set(values)] as T[];
}

/** A calendar day within QUEUE_YEARS, or undefined when the parameter is absent. */
export function day(query: Query, name: string, plusDays = 0): Date | undefined {
  const text = one(query, name);
  if (!text) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(NaN);
  // 2026-02-30 parses as 2 March: only a day that reads back the same is a day of the calendar.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw fieldFail(400, name, M.dateFormat);
  if (!inQueueYears(date)) throw fieldFail(400, name, M.dateRange);
  return new Date(date.getTime() + plusDays * 86_400_000);
}

const inQueueYears = (date: Date) =>
  date.getUTCFullYear() >= QUEUE_YEARS.first && date.getUTCFullYear() <= QUEUE_YEARS.last;

const encodeCursor = (value: unknown, id: number) =>
  Buffer.from(JSON.stringify([value instanceof Date ? value.toISOString() : value, id])).toString(
    'base64url',
  );

const isInt4 = (value: unknown): value is number =>
  Number.isInteger(value) && Math.abs(value as number) <= INT4_MAX;
const HIDDEN = new RegExp(`[${HIDDEN_SINGLE_LINE}]`, 'u');

/**
 * Whether a cursor's value is one the sort's SQL cast takes: an int4, a real instant within QUEUE_YEARS, or text
 * without hidden characters. Any other is a link we did not make, refused as stale rather than by the database.
 */
function castable(value: string | number, cast: string): boolean {
  if (cast === 'integer') return isInt4(value);
  if (typeof value !== 'string') return false;
  if (cast === 'timestamptz') {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)) return false;
    const instant = new Date(value);
    return (
      !Number.isNaN(instant.getTime()) &&
      instant.toISOString().slice(0, 19) === value.slice(0, 19) &&
      inQueueYears(instant)
    );
  }
  return value.length <= 400 && !HIDDEN.test(value);
}

function decodeCursor(text: string | undefined): QueueView['cursor'] {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      isInt4(parsed[1]) &&
      parsed[1] > 0
    )
      return { value: parsed[0], id: parsed[1] };
  } catch {
    // A cursor that is not ours is refused below.
  }
  throw fieldFail(400, 'cursor', M.cursorStale);
}

/** The cohort by its number, or the one open now; with its seats taken. */
export async function queueCohort(
  db: Queryable,
  ctx: Context,
  numberText: string | undefined,
): Promise<StaffQueueCohort> {
  let cohort: { id: number; number: number; name: string; seats: number } | undefined;
  if (numberText === undefined) {
    cohort = await ctx.cohorts.current();
  } else {
    if (!/^\d{1,6}$/.test(numberText)) throw fieldFail(400, 'cohort', M.noSuchCohort);
    [cohort] = await run(
      db,
      qb
        .selectFrom('cohorts')
        .select(['id', 'number', 'name', 'seats'])
        .where('number', '=', Number(numberText)),
    );
    if (!cohort) throw fieldFail(404, 'cohort', M.noSuchCohort);
  }
  return {
    id: cohort.id,
    number: cohort.number,
    name: cohort.name,
    seats: cohort.seats,
    // The count the applicant is judged by (server/db/cohorts.ts).
    taken: await seatsTaken(db, cohort.id),
  };
}

/** Reads and checks the queue's query string (400 on the parameter's name when a value is not one we know). */
export async function readQueueView(
  db: Queryable,
  ctx: Context,
  query: Query,
  role: StaffRole,
  paged = true,
  viewerId: number | null = null,
): Promise<QueueView> {
  const sort = (one(query, 'sort') ?? 'submitted') as QueueSort;
  if (!QUEUE_SORTS.includes(sort)) throw fieldFail(400, 'sort', M.chooseFromList);
  const dirText = one(query, 'dir');
  if (dirText !== undefined && dirText !== 'asc' && dirText !== 'desc')
    throw fieldFail(400, 'dir', M.chooseFromList);
  const cv = one(query, 'cv');
  if (cv !== undefined && cv !== 'yes' && cv !== 'no') throw fieldFail(400, 'cv', M.chooseFromList);
  const q = one(query, 'q')?.trim();
  if (q && q.length > 100) throw fieldFail(400, 'q', M.searchTooLong);
  const allCohorts = one(query, 'allCohorts');
  if (allCohorts !== undefined && allCohorts !== '1') throw fieldFail(400, 'allCohorts', M.chooseFromList);
  const limitText = one(query, 'limit');
  const limit = limitText === undefined ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw fieldFail(400, 'limit', M.limit);
  const stages = list(query, 'stage', QUEUE_STAGES);
  const statuses = list(query, 'status', STATUS_FILTERS);
  const assigneeText = one(query, 'assignee');
  if (assigneeText !== undefined && !/^(me|none|[1-9]\d{0,8})$/.test(assigneeText))
    throw fieldFail(400, 'assignee', M.chooseFromList);
  const tagText = one(query, 'tag');
  const tag = tagText === undefined ? undefined : normaliseTag(tagText);
  if (tag === null) throw fieldFail(400, 'tag', STAFF_MESSAGES.tagInvalid);
  const scoreText = one(query, 'scoreMin');
  const scoreMin = scoreText === undefined ? undefined : Number(scoreText);
  if (scoreMin !== undefined && !(/^\d(\.\d{1,2})?$/.test(scoreText ?? '') && scoreMin >= 1 && scoreMin <= 5))
    throw fieldFail(400, 'scoreMin', M.scoreMin);
  const view: QueueView = {
    cohort: await queueCohort(db, ctx, one(query, 'cohort')),
    stages,
    eligibility: list(query, 'eligibility', ELIGIBILITY),
    statuses,
    submittedOnly: statuses.length === 0 && stages.length === 0,
    allCohorts: allCohorts === '1',
    payment: one(query, 'payment'),
    paymentStatuses: list(query, 'paymentStatus', PAYMENT_STATUSES),
    country: one(query, 'country'),
    tag,
    source: one(query, 'source'),
    from: day(query, 'from'),
    until: day(query, 'to', 1),
    cv: cv as QueueView['cv'],
    q: q || undefined,
    sort,
    dir: dirText ?? (sort === 'score' ? 'desc' : SORTS[sort].dir),
    cursor: paged ? decodeCursor(one(query, 'cursor')) : null,
    limit,
    contact: seesContact(role),
    scoreMin,
    reviews: list(query, 'reviews', QUEUE_REVIEW_COUNTS),
    viewer: { id: viewerId, seesAllScores: role === 'admin' },
    assignee:
      assigneeText === undefined || assigneeText === 'none'
        ? assigneeText
        : assigneeText === 'me'
          ? (viewerId ?? 0)
          : Number(assigneeText),
  };
  // The cursor's value is cast in SQL: one the cast would refuse is a stale link, never a database error.
  const fits = view.cursor === null || castable(view.cursor.value, sortOf(view).cast);
  if (!fits) throw fieldFail(400, 'cursor', M.cursorStale);
  return view;
}

export const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
const likePrefix = (text: string) => `${escapeLike(text)}%`;
/** A word at the start of any word of a field ("Lagos" in "Lagos Island", "social" in "On social media"). */
const wordStart = (field: RawBuilder<string>, word: string) =>
  sql<boolean>`(' ' || lower(${field})) LIKE ${`% ${escapeLike(word)}%`}`;

const fromApplications = () => qb.selectFrom('applications as a');
type AppQuery = ReturnType<typeof fromApplications>;

/** Every filter of the view, except the one whose chips are being counted. */
export function filtered(view: QueueView, except: readonly ('status' | 'stage')[] = []): AppQuery {
  // An erased application stays counted in the funnel and the seats, anonymous, but is no one's to review.
  let query: AppQuery = (
    view.allCohorts
      ? fromApplications()
      : fromApplications().where(sql<boolean>`${cohortOf} = ${view.cohort.id}`)
  ).where(sql<boolean>`a.erased_at IS NULL`);
  if (view.stages.length && !except.includes('stage'))
    query = query.where(sql<boolean>`${stageOf} IN (${sql.join(view.stages)})`);
  if (view.statuses.length && !except.includes('status'))
    query = query.where(sql<boolean>`${statusOf} IN (${sql.join(view.statuses)})`);
  if (view.submittedOnly && !except.includes('status')) query = query.where('a.submitted_at', 'is not', null);
  if (view.eligibility.length)
    query = query.where('a.eligibility_status', 'in', view.eligibility as EligibilityStatus[]);
  if (view.payment !== undefined)
    query = query.where('a.payment_option', '=', view.payment === 'none' ? '' : view.payment);
  if (view.paymentStatuses.length)
    query = query.where(sql<boolean>`${paymentStatusOf} IN (${sql.join(view.paymentStatuses)})`);
  if (view.country !== undefined) query = query.where('a.country', '=', view.country);
  if (view.tag !== undefined)
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM application_tags t WHERE t.application_id = a.id AND t.tag = ${view.tag})`,
    );
  if (view.source !== undefined) query = query.where('a.referral_source', '=', view.source);
  if (view.from) query = query.where('a.submitted_at', '>=', view.from);
  if (view.until) query = query.where('a.submitted_at', '<', view.until);
  if (view.cv === 'yes') query = query.where(sql<boolean>`${cvOf} <> 'none'`);
  if (view.cv === 'no') query = query.where(sql<boolean>`${cvOf} = 'none'`);
  if (view.assignee === 'none')
    query = query.where(sql<boolean>`NOT EXISTS (SELECT 1 FROM assignments x WHERE x.application_id = a.id)`);
  else if (view.assignee !== undefined) query = query.where(assignedTo(view.assignee));
  // In hundredths on the sort key (unscored 0, below any minimum), so the score index serves the filter too.
  if (view.scoreMin !== undefined)
    query = query.where(sql<boolean>`${scoreKey(view)} >= ${Math.round(view.scoreMin * 100)}`);
  if (view.reviews.length) {
    const counts = view.reviews.map((r) =>
      r === '2+' ? sql<boolean>`${reviewsOf} >= 2` : sql<boolean>`${reviewsOf} = ${Number(r)}`,
    );
    query = query.where(sql<boolean>`(${sql.join(counts, sql` OR `)})`);
  }
  if (view.q) {
    const words = view.q.replace(/[^\p{L}\p{N}@.+'_-]+/gu, ' ').trim();
    const digits = view.q.replace(/\D/g, '');
    const text = words.replace(/^\+?[\d\s-]+$/, '');
    const clauses: RawBuilder<boolean>[] = [];
    // Whoever does not see contact details cannot search by them either: names only.
    if (text.includes('@')) {
      if (view.contact) clauses.push(sql<boolean>`lower(a.email) LIKE ${likePrefix(text)}`);
    } else if (text) {
      // Every word matches the start of the first name, the last name, (for those who see it) the email, or a word
      // of the city or the referral source ("Lagos", "social").
      for (const word of text.split(' ')) {
        const like = likePrefix(word);
        const place = sql<boolean>`${wordStart(sql`a.city`, word)} OR ${wordStart(sql`a.referral_source`, word)}`;
        clauses.push(
          view.contact
            ? sql<boolean>`(lower(a.firstname) LIKE ${like} OR lower(a.lastname) LIKE ${like} OR lower(a.email) LIKE ${like} OR ${place})`
            : sql<boolean>`(lower(a.firstname) LIKE ${like} OR lower(a.lastname) LIKE ${like} OR ${place})`,
        );
      }
    }
    if (view.contact && !text && digits.length >= 3)
      clauses.push(sql<boolean>`regexp_replace(a.phone, '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`);
    if (clauses.length === 0) clauses.push(sql<boolean>`false`);
    for (const clause of clauses) query = query.where(clause);
  }
  return query;
}

/** The view's rows in its order, after its cursor; `extra` picks more columns (the export's answers). */
export function ordered(view: QueueView, afterCursor: QueueView['cursor']) {
  const { key, cast } = sortOf(view);
  const op = view.dir === 'asc' ? '>' : '<';
  let query = filtered(view);
  if (afterCursor)
    query = query.where(
      sql<boolean>`(${key}, a.id) ${sql.raw(op)} (CAST(${afterCursor.value} AS ${sql.raw(cast)}), ${afterCursor.id})`,
    );
  return query
    .select([
      'a.id',
      key.as('sort_key'),
      stageOf.as('stage'),
      statusOf.as('status'),
      paymentStatusOf.as('payment_status'),
      cvOf.as('cv'),
    ])
    .orderBy(key, view.dir)
    .orderBy('a.id', view.dir);
}

type OrderedQuery = ReturnType<typeof ordered>;

export const cursorOf = (row: { sort_key: unknown; id: number }) => encodeCursor(row.sort_key, row.id);

export async function queuePage(db: Queryable, view: QueueView): Promise<StaffQueuePage> {
  const rows = await run(
    db,
    ordered(view, view.cursor)
      .select([
        'a.firstname',
        'a.lastname',
        'a.email',
        'a.phone',
        'a.country',
        'a.city',
        'a.referral_source',
        sql<string>`(SELECT c.name FROM cohorts c WHERE c.id = ${cohortOf})`.as('cohort_name'),
        'a.eligibility_status',
        'a.payment_option',
        'a.created_at',
        'a.submitted_at',
        scoreOf(view).as('score'),
        reviewsOf.as('reviews'),
        assigneeOf.as('assignee'),
        tagsOf.as('tags'),
      ])
      .limit(view.limit + 1),
  );
  // One scan for every count: grouped by status and stage with every other filter, then summed for each chip row
  // (the status chips keep the stage filter, the stage chips keep the status filter).
  const groups = await run(
    db,
    filtered(view, ['status', 'stage'])
      .select([statusOf.as('status'), stageOf.as('stage'), sql<number>`count(*)::int`.as('n')])
      .groupBy([statusOf, stageOf]),
  );
  const stageChosen = (g: QueueStage) => view.stages.length === 0 || view.stages.includes(g);
  // A stage chip lifts the submitted-only default, so it counts every status the view names (all when none).
  const statusNamed = (s: QueueStatusFilter) => view.statuses.length === 0 || view.statuses.includes(s);
  const statusShown = (s: QueueStatusFilter) =>
    statusNamed(s) && !(view.submittedOnly && s === 'not_submitted');
  const status = Object.fromEntries(STATUS_FILTERS.map((s) => [s, 0])) as Record<QueueStatusFilter, number>;
  const stage = Object.fromEntries(QUEUE_STAGES.map((s) => [s, 0])) as Record<QueueStage, number>;
  let total = 0;
  for (const g of groups) {
    if (stageChosen(g.stage)) status[g.status] += g.n;
    if (statusNamed(g.status)) stage[g.stage] += g.n;
    if (stageChosen(g.stage) && statusShown(g.status)) total += g.n;
  }
  // Nothing here: say whether the same view matches in other cohorts (an applicant moved to the next one).
  const elsewhere =
    total === 0 && !view.allCohorts
      ? ((
          await run(
            db,
            filtered({ ...view, allCohorts: true })
              .where(sql<boolean>`${cohortOf} <> ${view.cohort.id}`)
              .select(sql<number>`count(*)::int`.as('n')),
          )
        )[0]?.n ?? 0)
      : 0;
  // My queue's chip: this view's applications assigned to whoever asks.
  const [{ n: mine } = { n: 0 }] =
    view.viewer.id === null
      ? []
      : await run(
          db,
          filtered({ ...view, assignee: view.viewer.id }).select(sql<number>`count(*)::int`.as('n')),
        );
  const page = rows.slice(0, view.limit);
  const last = page[page.length - 1];
  return {
    cohort: view.cohort,
    rows: page.map((r): StaffQueueRow => ({
      id: r.id,
      name: `${r.firstname} ${r.lastname}`.trim(),
      ...(view.contact ? { email: r.email, phone: r.phone } : {}),
      country: r.country,
      city: r.city,
      cohort: r.cohort_name ?? '',
      referralSource: r.referral_source,
      stage: r.stage,
      eligibility: r.eligibility_status as EligibilityStatus,
      status: r.status === 'not_submitted' ? null : r.status,
      statusLabel: r.status === 'not_submitted' ? 'Not submitted' : reviewMeta(r.status).label,
      paymentOption: r.payment_option,
      paymentStatus: r.payment_status,
      cv: r.cv,
      createdAt: iso(r.created_at),
      submittedAt: iso(r.submitted_at),
      score: r.score,
      reviews: r.reviews,
      assignee: r.assignee,
      tags: r.tags,
    })),
    nextCursor: rows.length > view.limit && last ? cursorOf(last) : null,
    total,
    elsewhere,
    counts: { status, stage, mine },
  };
}

/** Every row of the view in its order, a page of `size` at a time (keyset), for the exports and bulk actions. */
export async function* eachPage<T extends { id: number; sort_key: unknown }>(
  db: Queryable,
  view: QueueView,
  build: (query: OrderedQuery) => Compilable<unknown>,
  size = 1000,
): AsyncGenerator<T[]> {
  let cursor: QueueView['cursor'] = null;
  for (;;) {
    const rows = await run(db, build(ordered(view, cursor).limit(size)) as Compilable<T>);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last: T = rows[rows.length - 1];
    const value: string | number =
      last.sort_key instanceof Date ? last.sort_key.toISOString() : (last.sort_key as string | number);
    cursor = { value, id: last.id };
  }
}

export function queueRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  app.get(
    staffQueuePaths.queue,
    {
      schema: {
        summary: "One cohort's applications: filters, search, sort, keyset pages",
        tags: ['staff'],
        querystring: queueQuerySchema,
      },
    },
    async (request) => {
      const member = await staff(request);
      const view = await readQueueView(ctx.db, ctx, request.query as Query, member.role, true, member.id);
      return { message: 'Applications', data: await queuePage(ctx.db, view) };
    },
  );
}
