/** Sign-out: ends this browser's session (the row and the cookie). Safe to repeat; needs no body. */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../machines/rules/contract';
import type { Context } from '../context';
import { clearSessionCookie, endSession } from '../sessions';
import { describe } from './schemas';

export async function sessionRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  app.post(
    paths.signOut,
    { schema: describe('End this browser’s session and clear its cookie') },
    async (request, reply) => {
      await endSession(ctx.db, request);
      clearSessionCookie(reply, ctx.secureCookies);
      return reply.code(200).send({ message: 'Signed out', data: {} });
    },
  );
}
