/**
 * Slow clients are cut off (docs/decisions/028-slow-clients.md): a connection that trickles its headers or its
 * body would otherwise hold a socket, and a request's memory, for ever. The CV upload gets minutes, any other body
 * seconds; past its time a request is answered 408 and its connection closed.
 */
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from './messages';

export interface Timeouts {
  /** From connecting to the end of the headers. */
  headersMs: number;
  /** From the end of the headers to the end of a body, on every route but the upload. */
  bodyMs: number;
  /** The same for the CV upload: 10 MB at about 17 KB/s (140 kbit/s), a slow mobile link with room to spare. */
  uploadMs: number;
  /** A connection on which nothing at all arrives. */
  idleMs: number;
}

export const TIMEOUTS: Timeouts = {
  headersMs: 20_000,
  bodyMs: 30_000,
  uploadMs: 10 * 60_000,
  idleMs: 60_000,
};

/**
 * Node's own limits, the backstop: the whole request within the upload's time (Node has one limit per server, so
 * the shorter one for other bodies is `cutSlowBodies`'s), headers in time, no idle socket.
 */
export const serverTimeouts = (t: Timeouts) =>
  ({
    connectionTimeout: t.idleMs,
    requestTimeout: t.uploadMs,
    http: {
      headersTimeout: t.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(10_000, Math.floor(t.headersMs / 2))),
    },
  }) satisfies Partial<FastifyHttpOptions<Server>>;

const hasBody = (request: FastifyRequest): boolean => {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

/** Answers 408 when possible, then closes the connection: the rest of the body is never read. */
function cut(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  if (reply.raw.headersSent) {
    socket.destroy();
    return;
  }
  request.log.info({ req: request, res: { statusCode: 408 } }, 'request body too slow');
  reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  reply.raw.end(JSON.stringify({ message: SERVER_MESSAGES.tooSlow }), () => socket.destroy());
}

/**
 * Every body must have arrived within its time after the headers (`isUpload` picks the upload's). An answer
 * given before the body was read in full (a refusal: no session, another site) closes the connection, so that
 * the rest is not read either.
 */
export function cutSlowBodies(
  app: FastifyInstance,
  t: Timeouts,
  isUpload: (request: FastifyRequest) => boolean,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.complete || !hasBody(request)) return;
    const timer = setTimeout(() => cut(request, reply), isUpload(request) ? t.uploadMs : t.bodyMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.raw.once('end', clear);
    request.raw.once('close', clear);
    reply.raw.once('close', clear);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete && hasBody(request)) reply.header('connection', 'close');
  });
}
