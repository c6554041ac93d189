/**
 * The staff queue's store (docs/api.md, "Staff"): one cohort's applications, filtered by a view
 * (server/staff/queueView.ts), searched, sorted and paged by keyset (a cursor holding the last row's sort value and
 * id), so a page costs the same at row 100 000 as at row 1. Built with Kysely (server/db/query.ts) and run by the
 * project's `Db`. The same filter feeds bulk decisions, assignments, messages and the exports.
 */
import { sql, type Compilable, type RawBuilder } from 'kysely';
import { reviewMeta } from '../../machines/review.machine';
import { type EligibilityStatus } from '../../machines/rules/application';
import {
  QUEUE_STAGES,
  STAFF_QUEUE_MESSAGES as M,
  type PaymentStatus,
  type QueueSort,
  type QueueStage,
  type QueueStatusFilter,
  type StaffQueueCohort,
  type StaffQueuePage,
  type StaffQueueRow,
} from '../../machines/rules/staff/queue';
import { QUEUE_STATUS_FILTERS as STATUS_FILTERS } from '../../machines/rules/staff/queueViewSchema';
import { cohortCounts } from '../db/cohorts';
import type { Context } from '../context';
import { iso, type Queryable } from '../db/index';
import { fieldFail } from '../http';
import { applicationCohort, qb, run } from '../db/query';
import type { QueueQueryView } from '../../machines/rules/staff/queueViewSchema';

/** The view the store filters by: the queue's schema's reading (server/staff/queueView.ts), with what the server knows. */
export interface QueueView extends Omit<QueueQueryView, 'cohort' | 'cursor' | 'assignee'> {
  cohort: StaffQueueCohort;
  cursor: { value: string | number; id: number } | null;
  /** The team member sees contact details (`seesContact`): their rows show them and `q` searches them. */
  contact: boolean;
  /** Assigned to this team member, or to nobody (`assignee`; `me` is the viewer). */
  assignee?: number | 'none';
  /** Who is looking: a reviewer sees an application's score only once they have scored it (decision 163). */
  viewer: { id: number | null; seesAllScores: boolean };
}

// The expressions the filters, the sorts and the indexes of migration 9 share (the same text, so the planner
// matches the indexes).
const cohortOf = applicationCohort();
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
export const sortOf = (view: Pick<QueueView, 'sort' | 'viewer'>): SortSpec =>
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

const encodeCursor = (value: unknown, id: number) =>
  Buffer.from(JSON.stringify([value instanceof Date ? value.toISOString() : value, id])).toString(
    'base64url',
  );

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
    // The count the applicant is judged by, and the waitlist beside it (server/db/cohorts.ts).
    ...(await cohortCounts(db, cohort.id)),
  };
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
