/**
 * TRUST_PROXY is a hop count or a list of proxy addresses, never "trust every hop" (docs/deploy.md): the address
 * the per-IP limits see is the one the trusted proxy appended, whatever a client writes in X-Forwarded-For.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { ConfigError, parseTrustProxy, readEnv } from '../../server/config';
import { databases, testApp, type TestApp } from './support';

const LIMIT = 3;

/** The lookup (a per-IP limited route) arriving from `remoteAddress` with this X-Forwarded-For chain. */
const lookup = (t: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: paths.lookup('ada@example.com'),
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

describe.each([
  ['a hop count', '1'],
  ['the proxy’s address', '127.0.0.1'],
  ['the proxy’s network', '127.0.0.0/8, ::1'],
])('TRUST_PROXY as %s', (_label, setting) => {
  const app = () =>
    testApp(databases[0], {
      config: {
        trustProxy: readEnv({ TRUST_PROXY: setting }).trustProxy,
        rateLimits: { ipPerMinute: LIMIT, emailPer15Minutes: 30 },
      },
    });

  it('a client-written X-Forwarded-For does not choose the address the per-IP limit sees', async () => {
    const t = await app();
    try {
      // The proxy appends the address it saw (203.0.113.7) to whatever the client sent.
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) {
        statuses.push((await lookup(t, `10.9.${i}.1, 198.51.100.${i}, 203.0.113.7`)).statusCode);
      }
      expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(LIMIT)).toEqual([429, 429]);
      // Another real client behind the same proxy has its own allowance.
      expect((await lookup(t, '10.9.0.1, 203.0.113.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY as a list', () => {
  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const t = await testApp(databases[0], {
      config: {
        trustProxy: readEnv({ TRUST_PROXY: '10.0.0.1' }).trustProxy,
        rateLimits: { ipPerMinute: LIMIT, emailPer15Minutes: 30 },
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        statuses.push((await lookup(t, `203.0.113.${i}`, '198.51.100.9')).statusCode);
      }
      expect(statuses[LIMIT]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('reading TRUST_PROXY', () => {
  it('reads a hop count, a list, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
  });

  it('refuses "trust everything" and what is not an address, naming TRUST_PROXY', () => {
    for (const value of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'localhost']) {
      expect(() => readEnv({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => readEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
