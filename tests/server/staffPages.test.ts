/** The staff back office's pages are the app shell with 200; a mistyped staff address is a real 404. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, releaseDatabases, testApp, type TestApp } from './support';

afterAll(releaseDatabases);

describe('staff pages over HTTP', () => {
  let t: TestApp;
  let base = '';
  const client = mkdtempSync(join(tmpdir(), 'bootcamp-client-'));
  beforeAll(async () => {
    mkdirSync(join(client, 'assets'));
    writeFileSync(join(client, 'index.html'), '<!doctype html><title>Landing</title>');
    writeFileSync(join(client, 'app.html'), '<!doctype html><title>App shell</title><div id="root"></div>');
    t = await testApp(databases[0], { clientDir: client });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(client, { recursive: true, force: true });
  });

  it.each([
    '/staff',
    '/staff/',
    '/staff/team',
    '/staff/audit',
    '/staff/funnel',
    '/staff/decisions-csv',
    '/staff/applications/42',
  ])('%s is the app shell with 200', async (path) => {
    const res = await fetch(`${base}${path}?status=submitted`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('App shell');
  });

  it.each(['/staff/nope', '/staff/applications', '/staff/applications/abc', '/staff/applications/1/extra'])(
    '%s is the app shell with 404',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('App shell');
    },
  );
});
