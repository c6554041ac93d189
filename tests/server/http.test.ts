import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { maskUrl } from '../../server/logging';
import { SERVER_MESSAGES } from '../../server/messages';
import { applicant, CLIENT_PAGES, databases, json, testApp, useClientApp } from './support';

describe('serving the product', () => {
  const { t } = useClientApp({ ...CLIENT_PAGES, 'assets/app-abc123.js': 'console.log(1)' });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the landing page at / and the app shell on any wizard route', async () => {
    expect((await get('/')).body).toContain('Landing');
    const deep = await get('/apply/biodata?ref=abc');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('App shell');
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    expect((await get('/assets/app-abc123.js')).headers['cache-control']).toContain('immutable');
    expect((await get('/assets/gone-123.js')).statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/v2/x', payload: {} });
    expect(json(post)).toEqual({ message: 'Not found' });
  });

  it('sends security headers with a CSP that keeps scripts to this origin', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect((await get('/')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports health, the OpenAPI description and the outbox', async () => {
    expect(json(await get('/healthz'))).toEqual({ status: 'ok' });
    const spec = json<{ paths: Record<string, unknown> }>(await get('/api/docs/json'));
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([paths.create, paths.verifyEmail, paths.submit]),
    );
    await t.app.inject({ method: 'POST', url: paths.create, payload: applicant('mailbox@example.com') });
    const mails = json<Array<{ to: string; subject: string; text: string; html: string; sentAt: string }>>(
      await get('/dev/mailbox.json'),
    );
    expect(mails[0]).toMatchObject({ to: 'mailbox@example.com', sentAt: expect.any(String) });
    expect((await get('/dev/mailbox')).body).toContain('mailbox@example.com');
  });

  it('refuses malformed JSON and non-JSON bodies with a 4xx', async () => {
    const create = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: paths.create, headers: { 'content-type': contentType }, payload });
    const bad = await create('application/json', '{"email":');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ message: SERVER_MESSAGES.invalidJson });
    const text = await create('text/plain', 'hi');
    expect(text.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('limits lookups per IP and codes per email, with the wait in the answer', async () => {
    const t = await testApp(databases[0], {
      config: { rateLimits: { ipPerMinute: 3, emailPer15Minutes: 2 } },
    });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: paths.lookup('a@example.com') })).statusCode).toBe(
        200,
      );
    const limited = await t.app.inject({ method: 'GET', url: paths.lookup('a@example.com') });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Counted per mailbox and requesting address (decision 031): a stranger's requests spend only their own.
    const verify = (email: string, remoteAddress = '10.0.0.7') =>
      t.app.inject({
        method: 'POST',
        url: paths.verifyEmail,
        payload: { email, token: '123456' },
        remoteAddress,
      });
    await verify('b@example.com');
    await verify('b@example.com');
    expect((await verify('b@example.com')).statusCode).toBe(429);
    expect((await verify('b@example.com', '10.0.0.8')).statusCode).toBe(404);
    expect((await verify('c@example.com', '10.0.0.9')).statusCode).toBe(404);
    await t.close();
  });
});

describe('logs', () => {
  it('masks emails in logged URLs', () => {
    expect(maskUrl('/api/v1/bootcamp/get-application/ada%40example.com?x=1')).toBe(
      '/api/v1/bootcamp/get-application/:email',
    );
    expect(maskUrl('/api/v1/bootcamp/update/ada@example.com')).toBe('/api/v1/bootcamp/update/:email');
  });
});
