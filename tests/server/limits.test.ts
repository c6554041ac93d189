/**
 * The limits that protect codes and mail count in the database: two apps on one database (two processes, as far as
 * the limits can tell) allow together what one allows, and a burst at once cannot slip past the count.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { applicant, databases, json, testApp, type TestApp } from './support';

describe.each(databases)('limits shared through $name', (database) => {
  /** Two apps on one database, each with its own clock (moved together). */
  const pair = async (rateLimits: { ipPerMinute: number; emailPer15Minutes: number }) => {
    const first = await testApp(database, { config: { rateLimits } });
    // The second app must not start from empty tables: it shares the first one's.
    const second = await testApp(database, { config: { rateLimits } });
    return {
      apps: [first, second],
      advance: (ms: number) => [first, second].forEach((t) => t.advance(ms)),
      close: () => Promise.all([first.close(), second.close()]),
    };
  };

  const verify = (t: TestApp, email: string, i: number, remoteAddress = `10.1.0.${i % 250}`) =>
    t.app.inject({
      method: 'POST',
      url: paths.verifyEmail,
      payload: { email, token: '000000' },
      remoteAddress,
    });

  it('counts the per-email-and-address limit over both apps, then starts over when the window ends', async () => {
    const { apps, advance, close } = await pair({ ipPerMinute: 1000, emailPer15Minutes: 4 });
    const created = await apps[0].app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant('shared@example.com'),
    });
    expect(created.statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await verify(apps[i % 2], 'Shared@Example.com', i, '10.1.0.1')).statusCode);
    // 4 tries from one address reach the code check (wrong code: 400), whichever app they hit; every later one is
    // refused.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
    const refused = await verify(apps[1], 'shared@example.com', 9, '10.1.0.1');
    expect(json(refused).message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another email is not affected, nor the same email from another address (decision 031).
    expect((await verify(apps[1], 'other@example.com', 10, '10.1.0.1')).statusCode).toBe(404);
    expect((await verify(apps[1], 'shared@example.com', 11, '10.1.0.2')).statusCode).toBe(400);
    advance(15 * 60_000);
    expect((await verify(apps[1], 'shared@example.com', 12, '10.1.0.1')).statusCode).toBe(400);
    await close();
  });

  it('counts the per-IP limit of a route over both apps, separately for each route', async () => {
    const { apps, close } = await pair({ ipPerMinute: 3, emailPer15Minutes: 1000 });
    const lookup = (t: TestApp, remoteAddress = '192.0.2.7') =>
      t.app.inject({ method: 'GET', url: paths.lookup('a@example.com'), remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await lookup(apps[i % 2])).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = await lookup(apps[0]);
    expect(json(refused).message).toMatch(/^Too many requests/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and another route from the same address, have counts of their own.
    expect((await lookup(apps[1], '192.0.2.8')).statusCode).toBe(200);
    const resend = await apps[1].app.inject({
      method: 'POST',
      url: paths.resendCode,
      payload: { email: 'nobody@example.com' },
      remoteAddress: '192.0.2.7',
    });
    expect(resend.statusCode).toBe(404);
    await close();
  });

  it('lets exactly the limit through when the tries arrive all at once', async () => {
    const { apps, close } = await pair({ ipPerMinute: 1000, emailPer15Minutes: 10 });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => verify(apps[i % 2], 'burst@example.com', i, '10.1.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    await close();
  });

  it('keeps no email or IP address in the counters', async () => {
    const { apps, close } = await pair({ ipPerMinute: 1000, emailPer15Minutes: 1000 });
    await verify(apps[0], 'private.person@example.com', 77);
    await apps[1].app.inject({ method: 'GET', url: paths.lookup('private.person@example.com') });
    const { rows } = await apps[0].db.query<{ bucket: string }>('SELECT bucket FROM rate_counters');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { bucket } of rows) {
      expect(bucket).not.toMatch(/private|example\.com|10\.1\.0\.77|127\.0\.0\.1/);
    }
    await close();
  });
});
