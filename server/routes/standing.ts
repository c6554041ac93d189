/** The applicant's own standing: read through the session alone, so no one can ask about another's application. */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../machines/rules/contract';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { sessionApplicationId } from '../sessions';
import { applicantStanding } from '../standing';
import { describe } from './schemas';

export async function standingRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  app.get(
    paths.standing,
    {
      schema: describe(
        "Where the session's own submitted application stands: under review, accepted, waitlisted, not successful or withdrawn",
      ),
    },
    async (request) => {
      const now = ctx.config.now();
      const id = await sessionApplicationId(ctx.db, request, now);
      if (id === null) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
      return { message: 'Application standing', data: await applicantStanding(ctx.db, id, now) };
    },
  );
}
