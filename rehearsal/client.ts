/**
 * Requests as the browser's client (src/api/client.ts) and the staff app send them: JSON with an `idempotency-key`
 * on every write, the site's own `Origin` and `Sec-Fetch-Site: same-origin` (the origin check, decision 021), the
 * session cookie the server set. A write that times out or meets a 503 is sent again with the same key, as the
 * browser does (decision 022). Every answer is recorded with its route and time.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../machines/rules/contract';
import type { Answer } from './observations';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  /** `name=value` of each cookie set. */
  cookies: string[];
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The route as the report groups it (`/api/v1/bootcamp/get-application/:email`); the path when absent. */
  route?: string;
  body?: unknown;
  /** A raw body and its content type (the CV's multipart form). */
  raw?: { type: string; data: Buffer };
  cookie?: string;
  who?: string;
  /** The idempotency key: a write gets a fresh one unless given (a retry reuses its request's). */
  key?: string;
  timeoutMs?: number;
}

/** A team member signed in: their address and their session cookie. */
export interface Reviewer {
  email: string;
  cookie: string;
}

export class Client {
  readonly answers: Answer[] = [];
  constructor(readonly base: string) {}

  /** A GET by someone signed in (a team member, an applicant): with their cookie, recorded as theirs. */
  read<T>(as: { email: string; cookie?: string }, path: string, route?: string): Promise<Reply<T>> {
    return this.once<T>({ method: 'GET', path, route, cookie: as.cookie, who: as.email });
  }

  /** A POST by a team member to a route of one application (`:id` filled in), a write recorded under the route. */
  postOn<T>(as: Reviewer, route: string, id: number, body: unknown): Promise<Reply<T>> {
    const path = route.replace(':id', String(id));
    return this.write<T>({ method: 'POST', path, route, body, cookie: as.cookie, who: as.email });
  }

  /** One request, one recorded answer; status 0 when the client gave up waiting. */
  async once<T>(call: Call): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (call.cookie) headers.cookie = call.cookie;
    if (call.method !== 'GET') {
      headers.origin = this.base;
      headers['sec-fetch-site'] = 'same-origin';
      if (call.key) headers[IDEMPOTENCY_HEADER] = call.key;
    }
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (call.raw) {
      headers['content-type'] = call.raw.type;
      body = new Uint8Array(call.raw.data);
    } else if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const started = performance.now();
    const route = call.route ?? call.path;
    try {
      const res = await fetch(`${this.base}${call.path}`, {
        method: call.method,
        headers,
        body,
        signal: AbortSignal.timeout(Math.max(1, Math.round(call.timeoutMs ?? 60_000))),
      });
      const text = await res.text();
      this.record(call, route, res.status, started);
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (a file)
      }
      const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
      return { status: res.status, body: parsed as T, cookies };
    } catch (error) {
      if (!(error instanceof Error) || !/abort|timeout/i.test(error.name)) throw error;
      this.record(call, route, 0, started);
      return { status: 0, body: undefined as T, cookies: [] };
    }
  }

  /**
   * A write as the browser sends it: with a key, sent again with the same key after a timeout or a 503 (at most
   * three times). `firstTimeoutMs`: the flaky phone's first try gives up that soon, whatever the server does.
   */
  async write<T>(call: Call, firstTimeoutMs?: number): Promise<Reply<T>> {
    const key = call.key ?? randomUUID();
    let reply = await this.once<T>({ ...call, key, timeoutMs: firstTimeoutMs ?? call.timeoutMs });
    for (let attempt = 0; attempt < 3 && (reply.status === 0 || reply.status === 503); attempt++) {
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      reply = await this.once<T>({ ...call, key });
    }
    return reply;
  }

  /** The same write twice at once with one key: a double tap. The answers in the order sent. */
  async doubleTap<T>(call: Call): Promise<[Reply<T>, Reply<T>]> {
    const key = call.key ?? randomUUID();
    return Promise.all([this.write<T>({ ...call, key }), this.write<T>({ ...call, key })]);
  }

  private record(call: Call, route: string, status: number, started: number) {
    this.answers.push({
      method: call.method,
      route,
      status,
      ms: performance.now() - started,
      at: Date.now(),
      ...(call.who ? { who: call.who } : {}),
    });
  }
}

/** `name=value` of the named cookie among those a reply set. */
export const cookieNamed = (reply: Reply, name: string): string | undefined =>
  reply.cookies.find((c) => c.startsWith(`${name}=`));
