/**
 * The funnel of one cohort (docs/decisions/063-the-funnel.md). Its steps are the application chart's screens, in
 * the order of its route table and with the titles of their `meta`; `REACH` only says which stored fact shows a
 * step was reached where a later wizard step's rule (the step before it saved) does not, then the review chart's
 * payment steps. The steps before an application exists are counted from anonymous beacons: one
 * counter per cohort, step and day, with no cookie and nothing that identifies a browser. Refused saves are counted
 * by route, field and catalogue message, never with what was typed.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type AliasedRawBuilder, type AnyColumn, type RawBuilder } from 'kysely';
import {
  ROUTES,
  applicationMachine,
  type ScreenMeta,
  type ScreenState,
} from '../../machines/application.machine';
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import { API, paths } from '../../machines/rules/contract';
import { FUNNEL_BEACON_STEPS, type FunnelBeaconStep } from '../../machines/steps';
import { STEP_SPECS } from '../../machines/steps';
import { MESSAGES } from '../../machines/rules/messages';
import { ALL_OPTION_VALUES } from '../../machines/rules/payments';
import { type StaffQueueCohort } from '../../machines/rules/staff/queue';
import { type FunnelStep, type StaffFunnel } from '../../machines/rules/staff/funnel';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import type { Database } from '../db/schema';
import { SERVER_MESSAGES } from '../messages';
import { applicationCohort, qb, run } from '../db/query';

type Reach =
  | { anonymous: true }
  | { anonymous: false; reached: RawBuilder<boolean>; at: RawBuilder<Date | null> }
  /** Not a step of its own: shown at the same moment as the step before, or a failure screen. */
  | null;

/** A submission, as the queue counts it (its total with no filter): eligibility review included. */
const SUBMITTED = sql<boolean>`a.submitted_at IS NOT NULL`;
/** Submitted, but scored action_required or ineligible: sent to eligibility review (decision 008). */
const IN_ELIGIBILITY_REVIEW = sql<boolean>`(a.submitted_at IS NOT NULL AND a.eligibility_status <> 'eligible')`;

/**
 * Where a screen's reach is not the rule of `laterStep`: the steps before an application exists (exactly the
 * browser's beacon steps, machines/steps/index.ts), the first ones after it, and the screens after submission.
 */
const REACH: {
  [S in ScreenState]?: S extends FunnelBeaconStep ? { anonymous: true } : Exclude<Reach, { anonymous: true }>;
} = {
  ...(Object.fromEntries(FUNNEL_BEACON_STEPS.map((state) => [state, { anonymous: true }])) as {
    [S in FunnelBeaconStep]: { anonymous: true };
  }),
  // The application is created when Communications is saved: its code screen is the first step it reaches.
  verifyEmail: { anonymous: false, reached: sql`true`, at: sql`a.created_at` },
  eligibility: {
    anonymous: false,
    reached: sql`a.email_verified_at IS NOT NULL`,
    at: sql`a.email_verified_at`,
  },
  employment: {
    anonymous: false,
    reached: sql`(a.employment IS NOT NULL OR (a.eligibility IS NOT NULL AND a.eligibility_status = 'eligible'))`,
    at: sql`a.eligibility_saved_at`,
  },
  // An application sent to eligibility review is submitted too, but never sees the success page (decision 008):
  // `submissions` counts every one, as the queue does (decision 063).
  success: {
    anonymous: false,
    reached: sql`${SUBMITTED} AND NOT ${IN_ELIGIBILITY_REVIEW}`,
    at: sql`a.submitted_at`,
  },
  selectionVideo: null,
  confirmation: {
    anonymous: false,
    reached: sql`a.submitted_at IS NOT NULL AND (a.video->>'isVideoEnded') = 'true'`,
    at: sql`a.video_watched_at`,
  },
  failed: null,
};

/**
 * Any other wizard step (machines/steps/) is reached once the step before it saved its answers: that step's column
 * is set, at its `<column>_saved_at`.
 */
function laterStep(state: ScreenState): Exclude<Reach, null> {
  const index = STEP_SPECS.findIndex((step) => step.row.state === state);
  const column = STEP_SPECS[index - 1]?.column;
  if (!column) throw new Error(`The funnel cannot tell when ${state} is reached: give it a REACH entry`);
  return {
    anonymous: false,
    reached: sql<boolean>`${sql.ref(`a.${column}`)} IS NOT NULL`,
    at: sql<Date | null>`${sql.ref(`a.${column}_saved_at`)}`,
  };
}

interface Step {
  state: string;
  title: string;
  path: string;
  reach: Exclude<Reach, null>;
}

const metaOf = (state: ScreenState) => applicationMachine.states[state].config.meta as ScreenMeta;

/** The funnel's steps: the screens with a place in it, then choosing a payment and paying (the review chart). */
export const FUNNEL_STEPS: readonly Step[] = [
  ...ROUTES.flatMap(({ state }) => {
    const reach = state in REACH ? REACH[state] : laterStep(state);
    return reach ? [{ state, title: metaOf(state).title, path: metaOf(state).path, reach }] : [];
  }),
  {
    state: 'payment_chosen',
    title: reviewMeta('payment_chosen').label,
    path: '',
    reach: {
      anonymous: false,
      reached: sql`a.submitted_at IS NOT NULL AND a.payment_option <> ''`,
      at: sql`a.payment_chosen_at`,
    },
  },
  {
    state: 'paid',
    title: reviewMeta('paid').label,
    path: '',
    reach: {
      anonymous: false,
      reached: sql`paid.at IS NOT NULL`,
      at: sql`paid.at`,
    },
  },
];

export const ANONYMOUS_STEPS: readonly string[] = FUNNEL_STEPS.filter((s) => s.reach.anonymous).map(
  (s) => s.state,
);

/**
 * percentile_disc(f) is the value at place ceil(f × n): 0.5 gives the lower middle one, and a fraction just above it
 * the upper one (the same one when n is odd), for any n below 500 million.
 */
const UPPER_MIDDLE = 0.5 + 1e-9;

const cohortOf = applicationCohort();

/**
 * The three splits, counted in the steps' own scan: one count per value the server can store, as the rules list
 * them (a second scan, grouped, cost a quarter of the funnel at 100,000 applications; docs/performance.md). A value
 * with no application is left out.
 */
const SPLITS: Record<
  'eligibility' | 'decisions' | 'paymentOptions',
  { value: string; when: RawBuilder<unknown> }[]
> = {
  eligibility: ELIGIBILITY_STATUSES.map((value) => ({
    value,
    when: sql`a.eligibility IS NOT NULL AND a.eligibility_status = ${sql.lit(value)}`,
  })),
  decisions: REVIEW_STATUSES.map((value) => ({
    value,
    when: sql`a.submitted_at IS NOT NULL AND COALESCE(a.review_status, 'submitted') = ${sql.lit(value)}`,
  })),
  paymentOptions: ALL_OPTION_VALUES.map((value) => ({
    value,
    when: sql`a.payment_option = ${sql.lit(value)}`,
  })),
};

export async function funnel(db: Queryable, cohort: StaffQueueCohort): Promise<StaffFunnel> {
  const counted = FUNNEL_STEPS.map((step, i) => ({ step, i })).filter(({ step }) => !step.reach.anonymous);
  const selections: AliasedRawBuilder<unknown, string>[] = [];
  let previous: Step | undefined;
  for (const { step, i } of counted) {
    const reach = step.reach as Extract<Reach, { anonymous: false }>;
    selections.push(sql`count(*) FILTER (WHERE ${reach.reached})::int`.as(`n${i}`));
    const before = previous?.reach as Extract<Reach, { anonymous: false }> | undefined;
    selections.push(
      before
        ? // The two middle values of the whole seconds between the two moments (their mean is the median, taken
          // below): one date_part() of the difference and an int4 sort cost 0.20 s at 100,000 applications on
          // PGlite where percentile_cont over two date_part() doubles cost 0.27 s (docs/performance.md).
          sql`percentile_disc(ARRAY[0.5, ${sql.lit(UPPER_MIDDLE)}]) WITHIN GROUP (ORDER BY date_part('epoch', ${reach.at} - ${before.at})::int4)
              FILTER (WHERE ${reach.at} IS NOT NULL AND ${before.at} IS NOT NULL)`.as(`m${i}`)
        : sql`NULL::int4[]`.as(`m${i}`),
    );
    previous = step;
  }
  for (const [name, split] of Object.entries(SPLITS))
    split.forEach(({ when }, j) =>
      selections.push(sql`count(*) FILTER (WHERE ${when})::int`.as(`${name}${j}`)),
    );
  selections.push(sql`count(*) FILTER (WHERE ${SUBMITTED})::int`.as('submitted'));
  selections.push(sql`count(*) FILTER (WHERE ${IN_ELIGIBILITY_REVIEW})::int`.as('eligibility_review'));
  const [totals] = await run(
    db,
    qb
      .selectFrom('applications as a')
      // Each application's first confirmed payment, joined once rather than looked up per row.
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('payments as p')
            .select(['p.application_id', sql<Date>`min(p.paid_at)`.as('at')])
            .where('p.status', '=', 'paid')
            .groupBy('p.application_id')
            .as('paid'),
        (join) => join.onRef('paid.application_id', '=', 'a.id'),
      )
      .select(selections as never[])
      .where(sql<boolean>`${cohortOf} = ${cohort.id}`),
  );
  const figures = (totals ?? {}) as Record<string, unknown>;
  const beacons = await run(
    db,
    qb
      .selectFrom('funnel_beacons')
      .select(['step', sql<number>`sum(hits)::int`.as('n')])
      .where('cohort_id', '=', cohort.id)
      .groupBy('step'),
  );
  const beaconCount = new Map(beacons.map((b) => [b.step, b.n]));
  const steps: FunnelStep[] = [];
  FUNNEL_STEPS.forEach((step, i) => {
    const reached = step.reach.anonymous ? (beaconCount.get(step.state) ?? 0) : Number(figures[`n${i}`] ?? 0);
    const before = steps[steps.length - 1];
    const middle = step.reach.anonymous ? null : (figures[`m${i}`] as [number, number] | null);
    steps.push({
      state: step.state,
      title: step.title,
      path: step.path,
      reached,
      anonymous: step.reach.anonymous,
      dropOff: before && before.reached > 0 ? Math.max(0, 1 - reached / before.reached) : null,
      medianSeconds: middle ? Math.round((Number(middle[0]) + Number(middle[1])) / 2) : null,
    });
  });

  const validationErrors = await run(
    db,
    qb
      .selectFrom('validation_refusals')
      .select(['route', 'field', 'message', 'hits as count'])
      .where('cohort_id', '=', cohort.id)
      .orderBy('hits', 'desc')
      .orderBy('route')
      .orderBy('field')
      .limit(20),
  );
  // The video and quiz steps by the version each applicant started (decision 245): a few rows, one per version.
  const quizVersions = await run(
    db,
    qb
      .selectFrom('applications as a')
      .select([
        sql<number>`a.quiz_version`.as('version'),
        sql<number>`count(*)::int`.as('started'),
        sql<number>`count(*) FILTER (WHERE (a.video->>'isVideoEnded') = 'true')::int`.as('watched'),
      ])
      .where(sql<boolean>`${cohortOf} = ${cohort.id}`)
      .where('a.quiz_version', 'is not', null)
      .groupBy('a.quiz_version')
      .orderBy('a.quiz_version'),
  );
  return {
    cohort,
    steps,
    validationErrors,
    quizVersions,
    submissions: {
      submitted: Number(figures.submitted ?? 0),
      eligibilityReview: Number(figures.eligibility_review ?? 0),
    },
    ...(Object.fromEntries(
      Object.entries(SPLITS).map(([name, split]) => [
        name,
        Object.fromEntries(
          split.flatMap(({ value }, j) => {
            const n = Number(figures[`${name}${j}`] ?? 0);
            return n > 0 ? [[value, n]] : [];
          }),
        ),
      ]),
    ) as Pick<StaffFunnel, keyof typeof SPLITS>),
  };
}

export const funnelBeaconPath = paths.funnelStep;

/** Every message of the catalogues: only these are counted as they are (anything else is counted as 'other'). */
const CATALOGUE = new Set<string>(
  [...Object.values(MESSAGES), ...Object.values(SERVER_MESSAGES)].flatMap((m: unknown) =>
    typeof m === 'string' ? [m] : [],
  ),
);

/** The applicant's write routes whose refusals are counted. */
const isStepRoute = (url: string | undefined) => !!url && url.startsWith(`${API}/bootcamp/`);

/** What a counting table counts hits of: a refused save of a field, or an anonymous view of a step on a day. */
type Counted =
  | {
      table: 'validation_refusals';
      key: { cohort_id: number; route: string; field: string; message: string };
    }
  | { table: 'funnel_beacons'; key: { cohort_id: number; step: string; day: string } };

/** One more hit of `key`: its row with one hit, or, when the key is counted already, that row's hits one higher. */
export const countHit = (db: Queryable, { table, key }: Counted) =>
  run(
    db,
    qb
      .insertInto(table)
      .values({ ...key, hits: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(Object.keys(key) as AnyColumn<Database, Counted['table']>[])
          .doUpdateSet((eb) => ({ hits: eb(`${table}.hits`, '+', 1) })),
      ),
  );

/**
 * Counts each refused save (a 400 with field errors from an applicant's write route) by cohort, route, field and
 * message. Registered on the root app so that it sees every step route; a failure to count never changes the answer.
 */
export function countRefusedSaves(app: FastifyInstance, ctx: Context): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 400 || request.method !== 'POST' || typeof payload !== 'string') return payload;
    const route = request.routeOptions.url;
    if (route === undefined || !isStepRoute(route)) return payload;
    try {
      const body = JSON.parse(payload) as { data?: { error?: Record<string, unknown> } };
      const errors = body.data?.error;
      if (!errors || typeof errors !== 'object') return payload;
      const cohort = await ctx.cohorts.current();
      for (const [field, messages] of Object.entries(errors).slice(0, 20)) {
        if (!/^[A-Za-z0-9_.]{1,60}$/.test(field) || !Array.isArray(messages)) continue;
        for (const message of messages.slice(0, 3)) {
          const counted = typeof message === 'string' && CATALOGUE.has(message) ? message : 'other';
          await countHit(ctx.db, {
            table: 'validation_refusals',
            key: { cohort_id: cohort.id, route, field, message: counted },
          });
        }
      }
    } catch {
      // No error text: a parse error could quote the answer, and logs never hold personal data.
      request.log.warn('a refused save was not counted');
    }
    return payload;
  });
}
