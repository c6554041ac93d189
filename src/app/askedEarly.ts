/**
 * API answers a page's lines asked for once the page had painted, with its scripts (scripts/prerender.ts): on the
 * staff pages, who is signed in (docs/decisions/209-the-back-office-in-staff-s-wave.md). Each is taken once, by the
 * first call for its path; a later call asks the server again.
 */
export function takeAskedEarly(path: string): Promise<Response> | undefined {
  const asked = (window as { tebcAsked?: Record<string, Promise<Response> | undefined> }).tebcAsked;
  const answer = asked?.[path];
  if (asked) delete asked[path];
  return answer;
}
