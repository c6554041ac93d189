/**
 * The staff routes of the interview stage (docs/api.md, "Interviews"; docs/decisions/175-the-interview-stage.md): a
 * cohort's switch and its slots. Any team member sees them; only an admin switches interviews on or off, adds or
 * removes a slot (a reviewer gets 403). Every change is audited. The invite itself is a review event
 * (POST staffPaths.events with INVITE_TO_INTERVIEW, server/interviews.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  INTERVIEW_MESSAGES as M,
  INTERVIEW_MINUTES,
  interviewPaths,
  type StaffInterviewSlots,
} from '../../machines/rules/interview';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { addSlot, interviewOn, removeFreeSlot, setInterview, slotsOf } from '../interviews';
import { bool, closed, envelope, int, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import { queueCohort } from './queueStore';
import type { StaffGuard } from './staffGuard';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';

const numberParams = object({ number: { type: 'string', pattern: '^[0-9]{1,6}$' } }, ['number']);
const idParams = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);

const slotsAnswer = closed({
  cohort: closed({ number: int, name: text }),
  interview: { ...bool, description: 'Whether the cohort has the interview stage on' },
  slots: {
    type: 'array',
    items: closed({ id: int, start: text, minutes: int, capacity: int, booked: int, offeredBy: text }),
  },
});

/** An ISO time with a zone, to the minute at least ("2026-12-03T14:30:00Z"). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function interviewRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;

  const slotsPage = async (numberText: string): Promise<StaffInterviewSlots> => {
    const cohort = await queueCohort(db, ctx, numberText);
    return {
      cohort: { number: cohort.number, name: cohort.name },
      interview: await interviewOn(db, cohort.id),
      // Slots already over are of no more use to anyone.
      slots: await slotsOf(db, cohort.id, config.now()),
    };
  };

  app.get<{ Params: { number: string } }>(
    interviewPaths.slots,
    staffSchema(
      "A cohort's interview setting and its slots to come",
      withRefusals(envelope('Slots', slotsAnswer), false, 400, 404),
      {
        params: numberParams,
      },
    ),
    async (request) => {
      await staff(request);
      return { message: 'Interview slots', data: await slotsPage(request.params.number) };
    },
  );

  app.put<{ Params: { number: string }; Body: { on?: boolean } }>(
    interviewPaths.setting,
    staffSchema(
      "Switch a cohort's interview stage on or off (admins)",
      withRefusals(envelope('Switched', slotsAnswer), true, 400, 404),
      { params: numberParams, body: object({ on: { type: 'boolean' } }) },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const on = request.body?.on;
      if (typeof on !== 'boolean') throw fieldFail(400, 'on', M.settingMissing);
      const cohort = await queueCohort(db, ctx, request.params.number);
      await db.transaction(async (tx) => {
        await setInterview(tx, cohort.id, on);
        await audit(tx, admin.id, 'interview_setting', config.now(), null, { cohort: cohort.number, on });
      });
      return { message: on ? M.switchedOn : M.switchedOff, data: await slotsPage(request.params.number) };
    },
  );

  app.post<{ Params: { number: string }; Body: { start?: string; minutes?: number } }>(
    interviewPaths.slots,
    staffSchema(
      'Offer an interview slot in a cohort, as the admin asking (admins)',
      withRefusals(envelope('Added', slotsAnswer), true, 400, 404),
      {
        params: numberParams,
        body: object({ start: str(40), minutes: { type: 'integer', minimum: 1, maximum: 1000 } }),
      },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const startText = String(request.body?.start ?? '');
      const start = new Date(startText);
      if (!ISO_TIME.test(startText) || Number.isNaN(start.getTime()))
        throw fieldFail(400, 'start', M.slotStartMissing);
      const now = config.now();
      if (start.getTime() <= now.getTime()) throw fieldFail(400, 'start', M.slotStartPast);
      const minutes = request.body?.minutes;
      if (!(INTERVIEW_MINUTES as readonly number[]).includes(minutes ?? NaN))
        throw fieldFail(400, 'minutes', M.slotMinutes);
      const cohort = await queueCohort(db, ctx, request.params.number);
      await db.transaction(async (tx) => {
        const id = await addSlot(
          tx,
          { cohortId: cohort.id, start, minutes: minutes as number, offeredBy: admin.id },
          now,
        );
        await audit(tx, admin.id, 'interview_slot_add', now, null, { cohort: cohort.number, slot: id });
      });
      return { message: M.slotAdded, data: await slotsPage(request.params.number) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    interviewPaths.slot,
    staffSchema(
      'Remove an interview slot nobody booked (admins)',
      withRefusals(envelope('Removed', closed({ id: int })), true, 400, 404, 409),
      {
        params: idParams,
      },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const id = Number(request.params.id);
      await db.transaction(async (tx) => {
        const now = config.now();
        const { cohortId } = await removeFreeSlot(tx, id);
        await audit(tx, admin.id, 'interview_slot_remove', now, null, { cohort_id: cohortId, slot: id });
      });
      return { message: M.slotRemoved, data: { id } };
    },
  );
}
