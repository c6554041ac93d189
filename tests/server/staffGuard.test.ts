/**
 * The staff guard is a hook on the staff routes' scope (server/staff/staffGuard.ts, docs/architecture.md, "A server
 * feature"): every staff route the app really registers, whatever its file, answers 401 without a session, except the
 * three that say they are public; a route added later cannot forget it. Walked on the app as it is built.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../machines/rules/api';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { databases, json, testApp, type TestApp } from './support';

interface Registered {
  method: string;
  url: string;
  staffPublic: boolean;
}

/** Fastify announces each instance it creates on this channel, before any route is added to it. */
const CREATED = 'fastify.initialization';

/** A URL of the route: each `:param` a value its pattern takes. */
const concrete = (url: string) =>
  url.replace(/:[A-Za-z]+/g, (param) => (param === ':kind' ? 'accepted' : '1'));

describe.each(databases)('the staff guard, on $name', (database) => {
  let t: TestApp;
  const routes: Registered[] = [];
  beforeAll(async () => {
    const listen = (message: unknown) =>
      (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (options) => {
        for (const method of [options.method].flat())
          routes.push({
            method,
            url: options.url,
            staffPublic: (options.config as { staffPublic?: boolean } | undefined)?.staffPublic === true,
          });
      });
    subscribe(CREATED, listen);
    try {
      t = await testApp(database);
    } finally {
      unsubscribe(CREATED, listen);
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('lets no one without a session past any staff route but the sign-in, its code and the sign-out', async () => {
    const staff = routes.filter((r) => r.url.startsWith(STAFF_API) && r.method !== 'HEAD');
    expect(staff.filter((r) => r.staffPublic).map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${staffPaths.signIn}`,
      `POST ${staffPaths.verify}`,
      `POST ${staffPaths.signOut}`,
    ]);
    const guarded = staff.filter((r) => !r.staffPublic);
    expect(guarded.length).toBeGreaterThan(50);
    const answers = await Promise.all(
      guarded.map(async (r) => {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        return { route: `${r.method} ${r.url}`, status: res.statusCode, message: json(res).message };
      }),
    );
    // A body the route's schema refuses is a 400 before the session is asked, as before the hook; nothing else passes.
    const notRefused = answers.filter((a) => a.status !== 401 && a.status !== 400);
    expect(notRefused).toEqual([]);
    const refused = answers.filter((a) => a.status === 401);
    expect(refused.length).toBeGreaterThan(guarded.length / 2);
    expect(new Set(refused.map((a) => a.message))).toEqual(new Set([STAFF_MESSAGES.needSignIn]));
  });
});
