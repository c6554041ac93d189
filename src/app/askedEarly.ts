/**
 * API answers a page's lines asked for before the app came (scripts/prerender.ts), kept by their path: on the staff
 * pages, who is signed in, asked with the scripts (docs/performance.md (former decision 209)); on
 * `/apply`, the current cohort, asked at an early press of Get Started (docs/performance.md (former decision 169)). Each is taken once, by the
 * first call for its path; a later call asks the server again.
 */
export function takeAskedEarly(path: string): Promise<Response> | undefined {
  const asked = (window as { tebcAsked?: Record<string, Promise<Response> | undefined> }).tebcAsked;
  const answer = asked?.[path];
  if (asked) delete asked[path];
  return answer;
}
