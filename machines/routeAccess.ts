/** Route access: which screen a path may show this applicant (the screen table's access rules, docs/product.md §2.2). */
import { opensLaterSteps } from './rules/eligibility';
import { screenAt, type Access, type ScreenState } from './screens';
import type { PersistedApplication } from './persistence';

export const isVerified = (c: PersistedApplication) => c.started && Boolean(c.form.email_verified_at);

/** The screen a snapshot is on (its top-level state), or null while it waits for the first NAVIGATE. */
export function screenStateOf(snapshot: { value: string | object }): ScreenState | null {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return top === 'boot' || top === 'resume' ? null : (top as ScreenState);
}

/**
 * Where a path may take this applicant: the screen itself, or the nearest screen they are allowed to see (not
 * started → Get Started; not verified → the code; not eligible → the eligibility answers; not submitted → the
 * open questions). A verified applicant asking for the code screen goes on to eligibility. The steps after
 * eligibility follow the server's rule (opensLaterSteps): whoever it would refuse stays on eligibility.
 */
export function resolveRoute(context: PersistedApplication, path: string): ScreenState | null {
  const route = screenAt(path);
  if (!route) return null;
  const started = context.started;
  const verified = isVerified(context);
  const access: Access = route.access;
  if (access === 'anyone') return route.state;
  if (!started) return 'getStarted';
  // Once the application exists, its bio data and contact details show only to whoever proved the email.
  if (access === 'ownAnswers') return context.existing && !verified ? 'verifyEmail' : route.state;
  if (access === 'unproved') return verified ? 'eligibility' : route.state;
  if (!verified) return 'verifyEmail';
  if (access === 'verified') return route.state;
  // The server's own rule: an application not scored eligible stays on its eligibility answers or result.
  if (!opensLaterSteps(context.form.eligibilityStatus)) return 'eligibility';
  if (access === 'eligible') return route.state;
  return context.submitted ? route.state : 'other';
}
