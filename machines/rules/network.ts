/**
 * How the browser copes with a failing network (docs/decisions/022-idempotent-replays-earn-nothing.md): which failed
 * calls it sends again, how soon, and for how long a person may wait before hearing that a save failed.
 */

export interface RetryPolicy {
  /** The wait before each retry; there are as many retries as waits. */
  delaysMs: readonly number[];
  /** No retry starts later than this after the first failure, so that a failure is shown within about as long. */
  budgetMs: number;
  /**
   * Answers that mean the request did not reach the app (a proxy, or the app restarting): safe to send again.
   * A 500 is the app's own answer and would only come back; a 4xx is a refusal that needs the person.
   */
  statuses: readonly number[];
}

export const RETRY_POLICY: RetryPolicy = { delaysMs: [300, 900], budgetMs: 3000, statuses: [502, 503, 504] };

/** For callers that must hear of the first failure (and tests that script every answer). */
export const NO_RETRIES: RetryPolicy = { ...RETRY_POLICY, delaysMs: [] };

export interface FailedAttempt {
  /** A GET, or a write that carries an idempotency key: the server applies it once however often it comes. */
  idempotent: boolean;
  /** Retries already made: 0 after the first attempt failed. */
  retries: number;
  /** 'network' when no answer came (connection dropped, offline, DNS); else the answer's status. */
  outcome: 'network' | number;
  /** Milliseconds since the first attempt failed. */
  sinceFirstFailureMs: number;
}

/** How long to wait before sending a failed request again, or null to give up and show the failure now. */
export function retryDelay(attempt: FailedAttempt, policy: RetryPolicy = RETRY_POLICY): number | null {
  if (!attempt.idempotent) return null;
  if (attempt.outcome !== 'network' && !policy.statuses.includes(attempt.outcome)) return null;
  const delay = policy.delaysMs[attempt.retries];
  if (delay === undefined || attempt.sinceFirstFailureMs + delay > policy.budgetMs) return null;
  return delay;
}

/** A script chunk that has not arrived after this long is given up, and the page says it could not load. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * A press of the prerendered Get Started held for the app: when the app has not come this long after it, the page
 * says the connection failed and offers Retry (within 10 s of the press, issue 19; scripts/prerender.ts).
 */
export const EARLY_PRESS_WAIT_MS = 8_000;
