/**
 * Production is safe by default (docs/api.md, Configuration): with NODE_ENV=production the outbox pages, which show
 * every code, do not exist, the server will not start without SMTP_URL, and /api/docs is off unless API_DOCS=1.
 * The refusal and the production server are checked on the real process, the way `npm start` runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { readEnv, ConfigError } from '../../server/config';
import { freePort, startServer, type RunningServer } from '../e2e/support/server';
import { applicant, databases, testApp } from './support';

/** The configuration a production process reads (the app runs on the test's own database and outbox). */
const production = (extra: Record<string, string> = {}) =>
  readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', ...extra });

describe('production configuration', () => {
  it('refuses production without SMTP_URL, naming it', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(() => readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' })).not.toThrow();
    expect(() => readEnv({})).not.toThrow();
  });

  it('has no outbox pages in production, even when handed the outbox mailer', async () => {
    const t = await testApp(databases[0], { config: production() });
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: paths.create,
        payload: applicant('ada@example.com'),
      });
      expect(created.statusCode).toBe(201);
      const code = await t.latestCode('ada@example.com');
      for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(code);
        expect(res.body).not.toContain('ada@example.com');
      }
    } finally {
      await t.close();
    }
  });

  it('serves /api/docs in production only with API_DOCS=1', async () => {
    const off = await testApp(databases[0], { config: production() });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await testApp(databases[0], { config: production({ API_DOCS: '1' }) });
    try {
      const spec = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toHaveProperty('paths');
    } finally {
      await on.close();
    }
  });

  it('keeps the outbox and the docs in development (the browser suites read codes there)', async () => {
    const t = await testApp(databases[0], { config: readEnv({}) });
    try {
      await t.app.inject({ method: 'POST', url: paths.create, payload: applicant('obi@example.com') });
      const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
      expect(mailbox.statusCode).toBe(200);
      expect(mailbox.body).toContain(await t.latestCode('obi@example.com'));
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the production server process', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // An SMTP address nothing listens on: the transport connects only when a mail is sent.
    server = await startServer({ NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    // Starting the real process (PGlite) takes long on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses to start in production without SMTP_URL, saying so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bootcamp-production-'));
    try {
      const start = startServer({ NODE_ENV: 'production', SMTP_URL: '' }, dir);
      await expect(start).rejects.toThrow(/server exited early \(1\)/);
      await expect(start).rejects.toThrow(/SMTP_URL is not set/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 404 for the outbox and the docs', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const path of ['/dev/mailbox.json', '/dev/mailbox', '/api/docs', '/api/docs/json']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});
