/**
 * Dates on the staff pages in the programme's locale (PROGRAMME_LOCALE, en-GB unless configured; the server gives it
 * with the signed-in team member), never the browser's: a team in Lagos reads 23/11/2026, not 11/23/2026
 * (docs/decisions/157-the-whole-record-on-the-application-page.md). Days and times are UTC, as the server stores them.
 */

export const DEFAULT_LOCALE = 'en-GB';

/** Whether `locale` is a tag this runtime formats dates in (not only a well-formed one). */
export function isKnownLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 1;
  } catch {
    return false;
  }
}

const DAY_OPTIONS = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' } as const;
const PLACEHOLDER: Record<string, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
type DayPart = 'day' | 'month' | 'year';

/** The day, month and year in the order the locale writes them, and how it writes a day (`DD/MM/YYYY`). */
function dayFormat(locale: string): { order: DayPart[]; pattern: string } {
  const parts = new Intl.DateTimeFormat(locale, DAY_OPTIONS).formatToParts(new Date(Date.UTC(2026, 10, 23)));
  return {
    order: parts.flatMap((p) => (p.type in PLACEHOLDER ? [p.type as DayPart] : [])),
    pattern: parts.map((p) => PLACEHOLDER[p.type] ?? p.value).join(''),
  };
}

/** How the locale writes a day, for a field's hint and its error: `DD/MM/YYYY` in en-GB. */
export const dayPattern = (locale: string) => dayFormat(locale).pattern;

/** A day (YYYY-MM-DD) or a timestamp as the locale writes the day: `23/11/2026`; '—' for none. */
export function formatStaffDay(iso: string, locale: string): string {
  if (!iso) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return new Intl.DateTimeFormat(locale, DAY_OPTIONS).format(date);
}

/** A moment as the locale writes it, in UTC and saying so: `23/11/2026, 10:00:00 UTC`. */
export const formatStaffTime = (iso: string, locale: string): string =>
  `${new Date(iso).toLocaleString(locale, { timeZone: 'UTC' })} UTC`;

/** A short time of day in UTC (`14:05`), for the timeline's "email sent 14:05". */
export const formatStaffClock = (iso: string, locale: string): string =>
  new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/**
 * A day typed as the locale writes it (`23/11/2026`, also `23-11-2026` or `23.11.2026`), or as YYYY-MM-DD, to
 * YYYY-MM-DD; null when it is not a day of the calendar.
 */
export function parseStaffDay(text: string, locale: string): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const iso = /^\d{4}$/.test(numbers[0]) ? ['year', 'month', 'day'] : dayFormat(locale).order;
  const value = Object.fromEntries(iso.map((part, i) => [part, Number(numbers[i])])) as Record<
    DayPart,
    number
  >;
  if (value.year < 1000 || value.year > 9999) return null;
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  const ok =
    date.getUTCFullYear() === value.year &&
    date.getUTCMonth() === value.month - 1 &&
    date.getUTCDate() === value.day;
  return ok ? date.toISOString().slice(0, 10) : null;
}
