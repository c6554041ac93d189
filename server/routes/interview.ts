/**
 * The applicant's interview page's API (docs/api.md, "Interviews"): read and book through the session alone, like
 * the standing, so no one can see or book for another's application. The booking is the chart's BOOK_INTERVIEW,
 * and a slot is taken once (server/interviews.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  INTERVIEW_MESSAGES as M,
  interviewPaths,
  knownTimeZone,
  slotWords,
} from '../../machines/rules/interview';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { applicantInterview, bookInterview } from '../interviews';
import { SERVER_MESSAGES } from '../messages';
import { errorAnswer, OUR_FAILURES } from '../openapi';
import { sessionApplicationId } from '../sessions';
import { closed, envelope, int, oneOf, text } from './answers';
import { object, positiveInt4 } from './schemas';

const slot = closed({ id: int, start: text, minutes: int });
const interviewAnswer = closed({
  state: oneOf(['invited', 'booked', 'none']),
  cohortName: text,
  locale: text,
  slots: { type: 'array', items: slot },
  booked: { ...slot, type: ['object', 'null'] },
});
const answers = (ok: object, ...refusals: number[]) => ({
  200: ok,
  ...Object.fromEntries([...refusals, ...OUR_FAILURES].map((status) => [status, errorAnswer])),
});

export async function interviewRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { db, config, mailer } = ctx;
  // The calendar invitation's UID is ours: under the public address's host.
  const domain = new URL(config.publicUrl).hostname || 'bootcamp.invalid';

  const sessionId = async (request: Parameters<typeof sessionApplicationId>[1]) => {
    const id = await sessionApplicationId(db, request, config.now());
    if (id === null) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
    return id;
  };

  app.get(
    interviewPaths.applicant,
    {
      schema: {
        summary: "The session's own interview: invited (with the free slots to come), booked, or none",
        tags: ['bootcamp'],
        response: answers(envelope('The interview', interviewAnswer), 401),
      },
    },
    async (request) => {
      const id = await sessionId(request);
      return { message: 'Interview', data: await applicantInterview(db, id, config.now(), config.locale) };
    },
  );

  app.post<{ Body: { slot?: number; timeZone?: string } }>(
    interviewPaths.applicant,
    {
      schema: {
        summary:
          "Book one of the free interview slots; both the applicant and the interviewer get the .ics. `timeZone` is the device's IANA zone the applicant's email writes the time in (UTC when absent)",
        tags: ['bootcamp'],
        body: object({ slot: positiveInt4, timeZone: { type: 'string', maxLength: 64 } }),
        response: answers(envelope('Booked', interviewAnswer), 400, 401, 403, 404, 408, 409, 413, 415),
      },
    },
    async (request) => {
      const id = await sessionId(request);
      const slotId = request.body?.slot;
      if (typeof slotId !== 'number') throw fieldFail(400, 'slot', M.chooseSlot);
      // The applicant's own zone, as their page wrote the times (decision 240); an older page sends none: UTC.
      const timeZone = request.body?.timeZone ?? 'UTC';
      if (!knownTimeZone(timeZone)) throw fieldFail(400, 'timeZone', M.timeZoneUnknown);
      const booked = await db.transaction((tx) =>
        bookInterview(tx, { mailer, locale: config.locale, domain, timeZone }, id, slotId, config.now()),
      );
      return {
        message: M.booked(slotWords(booked.start, booked.minutes, config.locale, timeZone)),
        data: await applicantInterview(db, id, config.now(), config.locale),
      };
    },
  );
}
