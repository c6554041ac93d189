/**
 * The applicant withdraws their own application (docs/decisions/250-an-applicant-withdraws-their-application.md),
 * named by the session alone, like the standing: the URL names no application, so no one can withdraw another's.
 * A write like the others: the origin is checked before it is read (server/origin.ts) and an idempotency key
 * replays the first answer (server/routes/write.ts).
 */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../machines/rules/contract';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { applicationEmail, withdrawApplication } from '../review/withdrawal';
import { sessionApplicationId } from '../sessions';
import { applicantStanding } from '../standing';
import { describe } from './schemas';
import { idempotentWrite } from './write';

export async function withdrawRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { db, config, mailer } = ctx;
  app.post(
    paths.withdraw,
    {
      schema: describe(
        "Withdraw the session's own submitted application, where the review chart lets the applicant (under review, accepted or waitlisted; not once paid); a confirmation email follows",
      ),
    },
    async (request, reply) => {
      const id = await sessionApplicationId(db, request, config.now());
      if (id === null) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
      const owner = await applicationEmail(db, id);
      if (!owner) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
      return idempotentWrite(ctx, request, reply, 'withdraw', owner, async (tx) => {
        const now = config.now();
        const done = await withdrawApplication(tx, { mailer, publicUrl: config.publicUrl }, id, now);
        return {
          status: 200,
          body: { message: done.changed ? W.done : W.already, data: await applicantStanding(tx, id, now) },
        };
      });
    },
  );
}
