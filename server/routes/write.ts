/** Every write: one transaction, and an idempotency key that replays the first successful answer. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import { idempotencyKey, remember, replay, type StoredAnswer } from '../idempotency';

export async function idempotentWrite(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  email: string,
  write: (tx: Queryable) => Promise<StoredAnswer>,
): Promise<FastifyReply> {
  const now = ctx.config.now();
  const key = idempotencyKey(request, route, email);
  const earlier = await replay(ctx.db, key, now);
  if (earlier) return reply.code(earlier.status).send(earlier.body);
  const answer = await ctx.db.transaction(async (tx) => {
    const result = await write(tx);
    await remember(tx, key, result, now);
    return result;
  });
  return reply.code(answer.status).send(answer.body);
}
