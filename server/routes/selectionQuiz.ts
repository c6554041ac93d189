/**
 * The selection video and quiz an applicant is shown and scored on (decision 245): the version the session's
 * application started, recorded the first time it asks, so a version published later does not change theirs.
 * Signed out (the video link on another phone, decision 243) anyone may watch: the newest version, recorded for no one.
 */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../machines/rules/contract';
import type { Context } from '../context';
import { applicantVersion, currentVersion } from '../selectionQuiz';
import { sessionApplicationId } from '../sessions';
import { describe } from './schemas';

export async function selectionQuizRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  app.get(
    paths.selectionQuiz,
    {
      schema: describe(
        "The selection video and quiz of the session's application (the version it started), else the newest",
      ),
    },
    async (request) => {
      const now = ctx.config.now();
      const id = await sessionApplicationId(ctx.db, request, now);
      const appConfig = ctx.config.appConfig;
      const data =
        id === null
          ? await currentVersion(ctx.db, appConfig, now)
          : await applicantVersion(ctx.db, id, appConfig, now);
      // published_by names a team member: not the applicant's business.
      const { published_by: _by, ...version } = data;
      return { message: 'Selection quiz', data: version };
    },
  );
}
