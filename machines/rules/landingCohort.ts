/**
 * The live cohort on the landing page. The page is prerendered once at build time with placeholders where the
 * cohort's number and dates go (scripts/prerender.ts); the server fills them from the cohort open now and writes
 * the same facts into `#root[data-cohort]`, from which the browser hydrates the identical text
 * (server/landingPage.ts, src/landing/hydrate.tsx). Its fee lines are the cohort's fee table's in words (decision
 * 244), worded by the server (machines/rules/payments.ts `feeFacts`) so the page's code does not carry the rule.
 * Plain functions only: the server imports this file.
 */

/** The facts the server knows (dates as YYYY-MM-DD, as the API sends them). */
export interface CohortFacts {
  number: number;
  startDate: string;
  applicationDeadline: string;
  /** The cohort's fee table in words (decision 244: `feeFacts`). */
  fees: FeeWords;
  /** Get Started's sentence while an admin paused the cohort open now (machines/rules/seats.ts `cohortNotice`). */
  notice?: string;
}

/** The fee lines the landing page states. */
export interface FeeWords {
  fee: string;
  full: string;
  instalments: string;
  /** The aid ceiling, "30%". */
  aidCeiling: string;
}

/** The same facts as the page writes them. */
export interface CohortLabels {
  number: string;
  start: string;
  deadline: string;
  /** Empty unless the cohort open now is paused: then the one sentence `/apply` says too (decision 235). */
  notice: string;
  /** The fee table's facts in words (machines/rules/payments.ts `feeFacts`). */
  fee: string;
  full: string;
  instalments: string;
  /** The cohort's aid ceiling, "30%" (decision 238). */
  aid: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2025-03-10' → '10 March 2025', the same on every machine (no locale, no time zone). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

export const cohortLabels = (facts: CohortFacts): CohortLabels => ({
  number: String(facts.number),
  start: formatDay(facts.startDate),
  deadline: formatDay(facts.applicationDeadline),
  notice: facts.notice ?? '',
  fee: facts.fees.fee,
  full: facts.fees.full,
  instalments: facts.fees.instalments,
  aid: facts.fees.aidCeiling,
});

/** What the build writes where the server later puts the cohort; nothing else on the page looks like these. */
export const COHORT_PLACEHOLDERS: CohortLabels = {
  number: '%%COHORT_NUMBER%%',
  start: '%%COHORT_START%%',
  deadline: '%%COHORT_DEADLINE%%',
  notice: '%%COHORT_NOTICE%%',
  fee: '%%COHORT_FEE%%',
  full: '%%COHORT_FULLPRICE%%',
  instalments: '%%COHORT_INSTALMENTS%%',
  aid: '%%COHORT_AID%%',
};
/** The placeholder for the facts themselves, as the value of `#root[data-cohort]`. */
export const COHORT_FACTS_PLACEHOLDER = '%%COHORT_FACTS%%';
/**
 * Where the build writes the contact address (the footer's link, and `#root[data-contact]` for hydration): the
 * server writes the configured one (SUPPORT_EMAIL), so one build serves every address.
 */
export const CONTACT_EMAIL_PLACEHOLDER = '%%CONTACT_EMAIL%%';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The prerendered page with the cohort's words and facts, and the contact address, in place of the placeholders. */
export function fillCohort(template: string, facts: CohortFacts, contactEmail: string): string {
  const labels = cohortLabels(facts);
  const values: Record<string, string> = {
    [COHORT_PLACEHOLDERS.number]: escapeHtml(labels.number),
    [COHORT_PLACEHOLDERS.start]: escapeHtml(labels.start),
    [COHORT_PLACEHOLDERS.deadline]: escapeHtml(labels.deadline),
    [COHORT_PLACEHOLDERS.notice]: escapeHtml(labels.notice),
    [COHORT_PLACEHOLDERS.fee]: escapeHtml(labels.fee),
    [COHORT_PLACEHOLDERS.full]: escapeHtml(labels.full),
    [COHORT_PLACEHOLDERS.instalments]: escapeHtml(labels.instalments),
    [COHORT_PLACEHOLDERS.aid]: escapeHtml(labels.aid),
    [COHORT_FACTS_PLACEHOLDER]: escapeHtml(JSON.stringify(facts)),
    [CONTACT_EMAIL_PLACEHOLDER]: escapeHtml(contactEmail),
  };
  return template.replace(/%%(COHORT_[A-Z]+|CONTACT_EMAIL)%%/g, (token) => values[token] ?? token);
}
