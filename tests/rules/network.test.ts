/** Which failed calls are sent again, and how soon (docs/decisions/022-idempotent-replays-earn-nothing.md). */
import { describe, expect, it } from 'vitest';
import { RETRY_POLICY, retryDelay, type FailedAttempt } from '../../machines/rules/network';

const failed = (over: Partial<FailedAttempt> = {}): FailedAttempt => ({
  idempotent: true,
  retries: 0,
  outcome: 'network',
  sinceFirstFailureMs: 0,
  ...over,
});

describe('retryDelay', () => {
  it('retries a dropped connection twice, after 300 ms then 900 ms, then gives up', () => {
    expect(retryDelay(failed({ retries: 0 }))).toBe(300);
    expect(retryDelay(failed({ retries: 1, sinceFirstFailureMs: 300 }))).toBe(900);
    expect(retryDelay(failed({ retries: 2, sinceFirstFailureMs: 1200 }))).toBeNull();
  });

  it.each([502, 503, 504])('retries a gateway’s %i', (status) => {
    expect(retryDelay(failed({ outcome: status }))).toBe(300);
  });

  it.each([500, 501, 400, 401, 403, 404, 409, 413, 415, 422, 429])('never retries a %i', (status) => {
    expect(retryDelay(failed({ outcome: status }))).toBeNull();
  });

  it('never retries a request that is not idempotent', () => {
    expect(retryDelay(failed({ idempotent: false }))).toBeNull();
    expect(retryDelay(failed({ idempotent: false, outcome: 503 }))).toBeNull();
  });

  it('starts no retry after the budget: the person hears of the failure within about 3 s', () => {
    expect(retryDelay(failed({ retries: 1, sinceFirstFailureMs: 2100 }))).toBe(900);
    expect(retryDelay(failed({ retries: 1, sinceFirstFailureMs: 2101 }))).toBeNull();
    expect(retryDelay(failed({ retries: 0, sinceFirstFailureMs: 2800 }))).toBeNull();
  });

  it('the waits of the shipped policy fit inside its budget', () => {
    const total = RETRY_POLICY.delaysMs.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(RETRY_POLICY.budgetMs);
    expect(RETRY_POLICY.budgetMs).toBeLessThanOrEqual(3000);
  });
});
