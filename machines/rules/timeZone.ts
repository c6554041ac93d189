/**
 * The name a time is shown with (decision 229): the applicant reads every time they pick in their own device's zone,
 * so the zone is named beside it: "Lagos time (West Africa Time)" for a phone in Nigeria.
 */

/** The device's IANA zone ('Africa/Lagos'), or 'UTC' when the browser does not say. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * 'Africa/Lagos' → 'Lagos time (West Africa Time)'; a zone with no city ('UTC') → its long name alone. `at` picks
 * the name in force then (summer or winter time where there is one).
 */
export function zoneLabel(timeZone: string, at: Date): string {
  const long = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const city = timeZone.includes('/') ? timeZone.split('/').at(-1)!.replace(/_/g, ' ') : '';
  if (!city) return long ?? timeZone;
  return long ? `${city} time (${long})` : `${city} time`;
}
