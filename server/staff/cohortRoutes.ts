/**
 * Cohorts set in the back office (docs/api.md "Cohorts", decision 235): every team member sees the list, with each
 * cohort's dates, seats, seats taken (the one seat model) and state; admins create a cohort, change one's name,
 * dates and seats, and pause, close or reopen its applications. The rules are machines/rules/cohortSettings.ts;
 * every change is an audit entry with what it was before and after, and this process's cohort cache is dropped so
 * applicants see the change at once (the other processes within COHORT_CACHE_MS).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkCohortSettings,
  cohortChanges,
  cohortSettingsPaths,
  cohortState,
  followingCohort,
  hasStarted,
  intakeChange,
  isIntakeAction,
  type CohortRecord,
  type IntakeBody,
  type StaffCohort,
} from '../../machines/rules/cohortSettings';
import { aidSettingsIssues } from '../../machines/rules/aidDecision';
import { feeTableIssues } from '../../machines/rules/cohortFees';
import { COHORT_MESSAGES as M } from '../../machines/rules/messages';
import { awardsMade } from './aidStore';
import type { Context } from '../context';
import {
  cohortByNumber,
  cohortsWithSeats,
  currentCohort,
  feesOf,
  insertCohort,
  lastCohort,
  lockCohort,
  neighbours,
  seatsTaken,
  updateCohort,
  type CohortRow,
} from '../db/cohorts';
import type { Queryable } from '../db/index';
import { fail, fieldFail, refuse } from '../http';
import { closed, envelope, int, oneOf, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import type { StaffGuard } from './staffGuard';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';

const STATES = ['open', 'paused', 'closed', 'full', 'started'];
const settingsFields = {
  name: text,
  start_date: text,
  application_deadline: text,
  seats: int,
  aid_ceiling: int,
  aid_awards: int,
  fee_ngn: int,
  fee_usd: int,
  full_discount: int,
  instalments: int,
};
const cohortAnswer = closed({
  ...settingsFields,
  number: int,
  intake: oneOf(['open', 'paused', 'closed']),
  reopens_on: { type: ['string', 'null'] },
  taken: int,
  state: oneOf(STATES),
  aid_awards_made: int,
});
// A number, or the text a form sends: the rule's schema reads and checks it (machines/rules/cohortSettings.ts).
const seatsValue = { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }] };
const settingsBody = object(
  {
    name: str(1000),
    start_date: str(40),
    application_deadline: str(40),
    seats: seatsValue,
    aid_ceiling: seatsValue,
    aid_awards: seatsValue,
    fee_ngn: seatsValue,
    fee_usd: seatsValue,
    full_discount: seatsValue,
    instalments: seatsValue,
  },
  ['name', 'start_date', 'application_deadline', 'seats'],
);
const numberParams = object({ number: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['number']);
const intakeBody = object({ action: str(40), reopens_on: { type: ['string', 'null'], maxLength: 40 } }, [
  'action',
]);

const day = (date: Date) => date.toISOString().slice(0, 10);
const record = (row: CohortRow): CohortRecord => ({
  number: row.number,
  name: row.name,
  start_date: row.start_date,
  application_deadline: row.application_deadline,
  seats: row.seats,
  intake: row.intake,
  reopens_on: row.reopens_on,
  aid_awards: row.aid_awards,
  ...feesOf(row),
});

const aidOf = (row: CohortRow) => ({ aid_ceiling: row.aid_ceiling, aid_awards: row.aid_awards });

async function staffCohort(
  db: Queryable,
  row: CohortRow,
  today: string,
  taken?: number,
): Promise<StaffCohort> {
  const seats = taken ?? (await seatsTaken(db, row.id));
  return {
    ...record(row),
    taken: seats,
    state: cohortState(record(row), seats, today),
    aid_awards_made: await awardsMade(db, row.id),
  };
}

/** A create's answers: 201 in place of the 200 every other staff route succeeds with. */
const created = ({ 200: answer, ...refusals }: ReturnType<typeof withRefusals>) => ({
  201: answer,
  ...refusals,
});

const numberOf = (request: FastifyRequest) => Number((request.params as { number: string }).number);

export function cohortRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;

  /** The cohort by its number, locked for the rest of `tx`; 404 when there is none, 409 once it has started. */
  async function changeable(tx: Queryable, number: number, today: string): Promise<CohortRow> {
    const found = await cohortByNumber(tx, number);
    if (!found) throw fail(404, M.notFound);
    const row = (await lockCohort(tx, found.id))!;
    if (hasStarted(row, today)) throw fail(409, M.started);
    return row;
  }

  app.get(
    cohortSettingsPaths.cohorts,
    staffSchema(
      "The cohorts with their dates, seats, seats taken and state, newest first, and the automatic rule's next one",
      withRefusals(
        envelope(
          'Cohorts',
          closed({
            cohorts: { type: 'array', items: cohortAnswer },
            suggestion: closed({ ...settingsFields, number: int }),
          }),
        ),
        false,
      ),
    ),
    async (request) => {
      await staff(request);
      const now = config.now();
      // The cohort open now exists (the rule adds it when none is): the list always has one.
      await db.transaction((tx) => currentCohort(tx, now));
      const rows = await cohortsWithSeats(db);
      const cohorts = await Promise.all(rows.map((row) => staffCohort(db, row, day(now), row.taken)));
      const suggestion = { ...followingCohort(rows[0]!), ...aidOf(rows[0]!), ...feesOf(rows[0]!) };
      return { message: 'Cohorts', data: { cohorts, suggestion } };
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    cohortSettingsPaths.cohorts,
    staffSchema(
      'Create the next cohort (admins): its name, start date, application deadline, seats, aid settings and fee table',
      created(withRefusals(envelope('Created', cohortAnswer), true, 400)),
      { body: settingsBody },
    ),
    async (request, reply) => {
      const admin = await staff(request, 'admin');
      const created = await db.transaction(async (tx) => {
        const now = config.now();
        const today = day(now);
        // The last cohort's lock: two creates one after the other number two cohorts, never one twice.
        const last = (await lastCohort(tx))!;
        await lockCohort(tx, last.id);
        const { value, issues } = checkCohortSettings(request.body ?? {}, {
          today,
          taken: 0,
          previous: last,
        });
        // A new cohort has no awards yet; a field left out keeps the last cohort's (decision 238).
        const aid = aidSettingsIssues(request.body ?? {}, 0, aidOf(last));
        // And its fee table's (decision 244).
        const fees = feeTableIssues(request.body ?? {}, feesOf(last));
        issues.push(...aid.issues, ...fees.issues);
        if (issues.length) throw refuse(issues);
        const row = await insertCohort(tx, last.number + 1, { ...value, ...aid.value, ...fees.value });
        await audit(tx, admin.id, 'cohort_create', now, null, {
          cohort: row.number,
          ...cohortChanges(undefined, { ...value, ...aid.value, ...fees.value }),
        });
        return staffCohort(tx, row, today, 0);
      });
      ctx.cohorts.forget();
      return reply.code(201).send({ message: M.created(created.name), data: created });
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    cohortSettingsPaths.cohort,
    staffSchema(
      "Change a cohort's name, start date, application deadline, seats, aid settings and fee table (admins), until it starts",
      withRefusals(envelope('Saved', cohortAnswer), true, 400, 404, 409),
      { body: settingsBody, params: numberParams },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const changed = await db.transaction(async (tx) => {
        const now = config.now();
        const today = day(now);
        const row = await changeable(tx, numberOf(request), today);
        const taken = await seatsTaken(tx, row.id);
        const around = await neighbours(tx, row.number);
        const { value, issues } = checkCohortSettings(request.body ?? {}, { today, taken, ...around });
        // The number of awards never below those made (machines/rules/aidDecision.ts).
        const aid = aidSettingsIssues(request.body ?? {}, await awardsMade(tx, row.id), aidOf(row));
        // A fee change prices choices made from now on; a choice made before keeps its table (decision 244).
        const fees = feeTableIssues(request.body ?? {}, feesOf(row));
        issues.push(...aid.issues, ...fees.issues);
        if (issues.length) throw refuse(issues);
        const changes = cohortChanges(record(row), { ...value, ...aid.value, ...fees.value });
        const after = await updateCohort(tx, row.id, { ...value, ...aid.value, ...fees.value });
        if (Object.keys(changes).length)
          await audit(tx, admin.id, 'cohort_change', now, null, { cohort: row.number, ...changes });
        return staffCohort(tx, after, today, taken);
      });
      ctx.cohorts.forget();
      return { message: M.saved(changed.name), data: changed };
    },
  );

  app.post<{ Body: Partial<IntakeBody> }>(
    cohortSettingsPaths.intake,
    staffSchema(
      "Pause a cohort's applications (until a day, if given), close them early, or reopen them (admins)",
      withRefusals(envelope('Saved', cohortAnswer), true, 400, 404, 409),
      { body: intakeBody, params: numberParams },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const action = request.body?.action;
      if (!isIntakeAction(action)) throw fieldFail(400, 'action', M.action);
      const reopens = request.body?.reopens_on?.trim() || null;
      const changed = await db.transaction(async (tx) => {
        const now = config.now();
        const today = day(now);
        const row = await changeable(tx, numberOf(request), today);
        const intake = intakeChange(action, reopens, today);
        if ('issue' in intake) throw refuse([intake.issue]);
        const changes = cohortChanges(record(row), intake);
        const after = await updateCohort(tx, row.id, intake);
        if (Object.keys(changes).length)
          await audit(tx, admin.id, 'cohort_intake', now, null, { cohort: row.number, action, ...changes });
        return staffCohort(tx, after, today);
      });
      ctx.cohorts.forget();
      return { message: M.intakeSaved(changed.name, action), data: changed };
    },
  );
}
