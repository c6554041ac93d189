/**
 * Slow clients are cut off (docs/decisions/017-server-input.md): a connection that trickles its headers or its
 * body would otherwise hold a socket, and a request's memory, for ever. The CV upload gets minutes, any other body
 * seconds; past its time a request is answered 408 and its connection closed.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './http';
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
    clientErrorHandler,
    requestTimeout: t.uploadMs,
    http: {
      headersTimeout: t.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(10_000, Math.floor(t.headersMs / 2))),
    },
  }) satisfies Partial<FastifyHttpOptions<Server>>;

/** Node's own refusals (headers too slow or too big, not HTTP at all), in our words. */
function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', SERVER_MESSAGES.tooSlow]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', SERVER_MESSAGES.tooLarge]
        : [400, 'Bad Request', SERVER_MESSAGES.invalidRequest];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const hasBody = (request: FastifyRequest): boolean => {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

const tooSlow = () => fail(408, SERVER_MESSAGES.tooSlow);

/**
 * Ends a request whose body is late. Whatever is reading the body (the JSON parser, the form parser and the file
 * being stored) fails with a 408, which the error handler answers as usual, closing the connection; what was
 * stored of a file is deleted. With nothing reading it, the 408 is written here.
 */
function cut(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (reply.raw.headersSent) {
    raw.destroy();
    return;
  }
  if (raw.listenerCount('error') > 0) {
    raw.emit('error', tooSlow());
    // Should the answer not come, the connection goes anyway.
    setTimeout(() => raw.destroy(), 5_000).unref();
    return;
  }
  reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  reply.raw.end(JSON.stringify({ message: SERVER_MESSAGES.tooSlow }), () => raw.destroy());
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
