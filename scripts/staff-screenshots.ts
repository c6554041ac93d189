/**
 * `npm run screenshots:staff` (after `npm run build`): the screenshots of docs/staff.md. Starts the built server on
 * 127.0.0.1 with PGlite in a temp directory, seeds a small cohort through the end-to-end tests' helpers (applicants
 * made through the API the wizard uses, staff signed in with their emailed code), drives Chromium at 1280 × 900 and
 * writes each screen's relevant region to docs/staff/. Stops its server and browser whatever happens.
 */
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { paths } from '../machines/rules/contract';
import { type CreatePayload } from '../machines/steps/communications';
import { REFERRAL_FRIEND } from '../machines/rules/options';
import { OPTION_FULL_PAYMENT } from '../machines/rules/payments';
import { privacyNoticeVersion } from '../machines/rules/privacy';
import { INTERVIEW_MESSAGES, INTERVIEW_PAGE, interviewPaths } from '../machines/rules/interview';
import { DEFAULT_RUBRIC, scorecardPaths, type Ratings } from '../machines/rules/scorecard';
import { STAFF_COOKIE } from '../machines/rules/staff/session';
import { staffPaths } from '../machines/rules/staff/paths';
import { staffQueuePaths, type StaffCohortOption, type StaffQueuePage } from '../machines/rules/staff/queue';
import { tagsPaths } from '../machines/rules/staff/tags';
import { transferPath } from '../machines/rules/staffRecord';
import { launchBrowser } from '../tests/e2e/support/browser';
import { DECIDING, E2E_ADMIN, decide, decisionEmail, staffCookie } from '../tests/e2e/support/decision';
import { latestCode, startServer, type RunningServer } from '../tests/e2e/support/server';
import { apiClient, submittedApplicant, type ApplicantApi } from '../tests/e2e/support/submittedApplicant';
import { applicant, eligibility } from '../tests/support/answers';

const OUT = resolve(import.meta.dirname, '../docs/staff');
/** The guide's limit for one image (tests/docs/staffGuide.test.ts checks it). */
const MAX_BYTES = 200 * 1024;
const VIEWPORT = { width: 1280, height: 900 };
const AMA = 'ama.reviewer@bootcamp.example';
const BEN = 'ben.reviewer@bootcamp.example';

interface Person {
  firstname: string;
  lastname: string;
  country: string;
  city: string;
  phone: string;
  source: string;
  detail?: string;
}

const PHONES: Record<string, string> = {
  Nigeria: '+234 803 123 4567',
  Ghana: '+233 24 412 3456',
  Kenya: '+254 712 345 678',
};
const PLACES = [
  ['Nigeria', 'Lagos'],
  ['Nigeria', 'Abuja'],
  ['Nigeria', 'Ibadan'],
  ['Ghana', 'Accra'],
  ['Nigeria', 'Port Harcourt'],
  ['Kenya', 'Nairobi'],
  ['Nigeria', 'Enugu'],
] as const;
const SOURCES: [string, string?][] = [
  ['On social media'],
  ['Through email marketing'],
  [REFERRAL_FRIEND, 'Tobi Adewale'],
  ['At an event or from a team member'],
  ['On social media'],
];
const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chiamaka',
  'Damilola',
  'Emeka',
  'Folake',
  'Gideon',
  'Hauwa',
  'Ikenna',
  'Jumoke',
  'Kwame',
  'Lola',
  'Musa',
  'Nneka',
  'Olumide',
  'Precious',
  'Quadri',
  'Rukayat',
  'Segun',
  'Temitope',
  'Uche',
  'Victoria',
  'Wanjiru',
  'Yaw',
  'Zainab',
  'Abena',
  'Bukola',
  'Chinedu',
  'Dayo',
  'Efua',
  'Femi',
  'Grace',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kofi',
  'Lilian',
  'Mercy',
  'Nuhu',
  'Oluchi',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Mensah',
  'Balogun',
  'Eze',
  'Bello',
  'Owusu',
  'Mwangi',
  'Nwosu',
  'Afolabi',
  'Boateng',
  'Ibrahim',
  'Okonkwo',
  'Kamau',
  'Adebayo',
  'Danjuma',
  'Asante',
  'Obi',
  'Lawal',
  'Ogunleye',
];

const people: Person[] = FIRST.map((firstname, i) => {
  const [country, city] = PLACES[i % PLACES.length];
  const [source, detail] = SOURCES[i % SOURCES.length];
  return {
    firstname,
    lastname: LAST[i % LAST.length],
    country,
    city,
    phone: PHONES[country],
    source,
    detail,
  };
});
const emailOf = (p: Person) => `${p.firstname}.${p.lastname}@example.com`.toLowerCase();
const nameOf = (p: Person) => `${p.firstname} ${p.lastname}`;
/** Their first form, as the wizard sends it. */
const biodata = (p: Person): CreatePayload =>
  applicant(emailOf(p), {
    firstname: p.firstname,
    lastname: p.lastname,
    country: p.country,
    city: p.city,
    phone: p.phone,
    communications: {
      referral_source: p.source,
      referral_detail: p.detail ?? '',
      communication_consent: 'Yes',
      privacy_notice_version: privacyNoticeVersion(),
    },
  });

/** A staff API call with a session cookie; throws with the server's answer when refused. */
async function staffCall<T>(base: string, cookie: string, path: string, method = 'GET', body?: object) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie,
      origin: base,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const idOf = async (base: string, cookie: string, email: string) => {
  const page = await staffCall<StaffQueuePage>(
    base,
    cookie,
    `${staffQueuePaths.queue}?q=${encodeURIComponent(email)}`,
  );
  const row = page.rows.find((r) => r.email?.toLowerCase() === email);
  if (!row) throw new Error(`the queue does not list ${email}`);
  return row.id;
};

const ratingsOf = (values: number[]): Ratings =>
  Object.fromEntries(DEFAULT_RUBRIC.map((c, i) => [c.key, values[i % values.length]]));

/** The cohort: 6 applications still in the wizard, 34 submitted, decided, scored, assigned, paid and messaged. */
async function seed(server: RunningServer): Promise<{ transfer: Person; paid: Person; scored: Person }> {
  const base = server.url;
  const unsubmitted = people.slice(0, 6);
  const submitted = people.slice(6);
  for (const [i, p] of unsubmitted.entries()) {
    const api = apiClient(base, emailOf(p));
    const email = emailOf(p);
    await api.call(paths.create, biodata(p));
    if (i % 3 === 0) continue;
    await api.call(paths.verifyEmail, { email, token: await latestCode(base, email) });
    if (i % 3 === 1) continue;
    await api.call(paths.eligibility, { email, eligible: 'eligible', eligibility: eligibility() });
  }
  // Each applicant's API session, for the steps they take after the decision.
  const sessions = new Map<Person, ApplicantApi>();
  for (const p of submitted) sessions.set(p, await submittedApplicant(base, emailOf(p), biodata(p)));

  const admin = await staffCookie(base);
  for (const email of [AMA, BEN])
    await staffCall(base, admin, staffPaths.team, 'POST', { email, role: 'reviewer' });

  // Decisions: 8 accepted (2 of them then choose the bank transfer, 1 recorded as paid), 4 waitlisted, 5 rejected.
  const [accepted, waitlisted, rejected, scored, rest] = [
    submitted.slice(0, 8),
    submitted.slice(8, 12),
    submitted.slice(12, 17),
    submitted.slice(17, 23),
    submitted.slice(23),
  ];
  for (const p of accepted) await decide(base, emailOf(p), 'ACCEPT');
  for (const p of waitlisted) await decide(base, emailOf(p), 'WAITLIST');
  for (const p of rejected) await decide(base, emailOf(p), 'REJECT');
  const [transfer, paid] = accepted;
  for (const p of [transfer, paid]) {
    await decisionEmail(base, emailOf(p), /accepted/i);
    await sessions.get(p)!.call(paths.misc, {
      email: emailOf(p),
      misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT },
    });
  }
  await staffCall(
    base,
    admin,
    transferPath.replace(':id', String(await idOf(base, admin, emailOf(paid)))),
    'POST',
    {
      reference: 'GTB-20261126-0042',
    },
  );

  // Scorecards, blind: both reviewers on four applications (two agree, one pair 2 points apart), one on two.
  const ama = await staffCookie(base, AMA);
  const ben = await staffCookie(base, BEN);
  const scores: [number[], number[] | null][] = [
    [
      [4, 5, 4, 5],
      [5, 4, 4, 5],
    ],
    [
      [3, 4, 3, 3],
      [4, 3, 3, 4],
    ],
    [
      [5, 5, 4, 5],
      [3, 2, 3, 3],
    ],
    [
      [2, 3, 3, 2],
      [3, 3, 2, 2],
    ],
    [[4, 4, 3, 4], null],
    [[3, 3, 4, 3], null],
  ];
  for (const [i, p] of scored.entries()) {
    const path = scorecardPaths.scorecards.replace(':id', String(await idOf(base, admin, emailOf(p))));
    const [byAma, byBen] = scores[i];
    await staffCall(base, ama, path, 'PUT', { ratings: ratingsOf(byAma) });
    if (byBen) await staffCall(base, ben, path, 'PUT', { ratings: ratingsOf(byBen) });
  }

  // The undecided ones, dealt to the two reviewers (and the lead) round-robin.
  const team = await staffCall<{ id: number; email: string }[]>(base, admin, staffPaths.team);
  await staffCall(base, admin, staffQueuePaths.assign, 'POST', {
    reviewers: team.map((m) => m.id),
    dryRun: false,
    filter: { status: 'submitted' },
  });

  // Notes and a message to one applicant.
  const noted = await idOf(base, admin, emailOf(rest[0]));
  await staffCall(base, admin, staffPaths.notes.replace(':id', String(noted)), 'POST', {
    body: 'Strong answers on the open questions; the CV shows two years of customer service.',
  });
  await staffCall(
    base,
    admin,
    staffPaths.message.replace(':id', String(await idOf(base, admin, emailOf(transfer)))),
    'POST',
    {
      subject: 'Your transfer, {{firstname}}',
      body: '{{greeting}}\n\nPlease write your application reference on the transfer, so we can match it.',
    },
  );
  return { transfer, paid, scored: scored[0] };
}

/**
 * Writes docs/staff/`name`.png: the `region` locator, a `clip` of the whole page, or else the viewport; prints its
 * size, and says so when it is over the guide's limit.
 */
async function shoot(
  page: Page,
  name: string,
  region?: Locator | { x: number; y: number; width: number; height: number },
): Promise<void> {
  const path = `${OUT}/${name}.png`;
  // The heading a page focuses for screen readers would show its focus ring in every picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const options = { path, type: 'png', animations: 'disabled' } as const;
  if (region && 'screenshot' in region) await region.screenshot(options);
  else await page.screenshot({ ...options, fullPage: Boolean(region), clip: region });
  const size = statSync(path).size;
  console.log(`${name}.png ${(size / 1024).toFixed(0)} KB${size > MAX_BYTES ? ' — OVER 200 KB' : ''}`);
}

/** The region from `top`'s top to `bottom`'s bottom, at the page's full width. */
async function between(page: Page, name: string, top: Locator, bottom: Locator): Promise<void> {
  await top.scrollIntoViewIfNeeded();
  const a = (await top.boundingBox())!;
  const b = (await bottom.boundingBox())!;
  const scroll = await page.evaluate(() => window.scrollY);
  await shoot(page, name, {
    x: 0,
    y: a.y + scroll - 16,
    width: VIEWPORT.width,
    height: b.y + b.height - a.y + 32,
  });
}

async function signedIn(browser: Browser, base: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(20_000);
  const cookie = await staffCookie(base, email);
  await context.addCookies([{ name: STAFF_COOKIE, value: cookie.slice(STAFF_COOKIE.length + 1), url: base }]);
  return context.newPage();
}

async function screenshots(browser: Browser, base: string, seeded: Awaited<ReturnType<typeof seed>>) {
  const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  // Signing in.
  const visitor = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await visitor.goto(`${base}/staff`);
  await h1(visitor, 'Staff sign in');
  await shoot(visitor, 'sign-in', visitor.locator('main'));

  const lead = await signedIn(browser, base, E2E_ADMIN);
  const table = lead.getByRole('table', { name: /match(es)? this view/ });

  // The queue: the compact filter bar, the chips (My queue first) and the table above the fold.
  await lead.goto(`${base}/staff`);
  await table.getByRole('row').nth(3).waitFor();
  await shoot(lead, 'queue');
  await lead.goto(`${base}/staff?status=submitted`);
  await table.getByRole('row').nth(3).waitFor();

  // Keyboard triage: an application opened from the view, and `?`.
  await table.getByRole('row').nth(1).getByRole('link').click();
  await lead.getByRole('navigation', { name: 'Applications in this view' }).waitFor();
  await lead.getByRole('button', { name: 'Accept', exact: true }).waitFor();
  await lead.keyboard.press('?');
  await lead.getByText('Show these shortcuts').waitFor();
  await shoot(lead, 'triage-shortcuts');
  await lead.keyboard.press('Escape');

  // Sorted by score, and the scorecard panel of one scored by both reviewers.
  await lead.goto(`${base}/staff?sort=score`);
  await table.getByRole('row').nth(3).waitFor();
  await between(lead, 'queue-by-score', table.locator('caption'), table.getByRole('row').nth(8));
  await table.getByRole('link', { name: nameOf(seeded.scored) }).click();
  await h1(lead, nameOf(seeded.scored));
  const scorecard = section(lead, 'Scorecard');
  await scorecard.getByText('Other reviewers').waitFor();
  await shoot(lead, 'scorecard', scorecard);

  // The whole record of the bank-transfer applicant: review, payment with its form, emails; then the timeline.
  await lead.goto(`${base}/staff?q=${encodeURIComponent(emailOf(seeded.transfer))}`);
  await table.getByRole('link', { name: nameOf(seeded.transfer) }).click();
  await h1(lead, nameOf(seeded.transfer));
  const payment = section(lead, 'Payment choice');
  await payment.getByLabel(/Transfer reference/).fill('ZEN-20261126-0107');
  await between(lead, 'record', lead.getByRole('heading', { level: 1 }), section(lead, 'Emails'));
  await shoot(lead, 'bank-transfer', payment);
  await lead.goto(`${base}/staff?q=${encodeURIComponent(emailOf(seeded.paid))}`);
  await table.getByRole('link', { name: nameOf(seeded.paid) }).click();
  await h1(lead, nameOf(seeded.paid));
  await shoot(lead, 'timeline', section(lead, 'Timeline'));

  // The applicant's data: export and erase, with the erasure's confirmation.
  const rights = section(lead, "The applicant's data");
  await shoot(lead, 'data-rights', rights);
  await rights.getByRole('button', { name: "Erase this applicant's data" }).click();
  await lead.getByRole('heading', { name: "Erase this applicant's data?" }).waitFor();
  await shoot(lead, 'erase-confirm');
  await lead.keyboard.press('Escape');

  // Assignment: the view dealt round-robin, counted first.
  await lead.goto(`${base}/staff?status=submitted`);
  await table.getByRole('row').nth(1).waitFor();
  const assign = lead.locator('details.staff-assign');
  await assign.getByText('Assign this view to reviewers').click();
  await assign.getByLabel(AMA, { exact: true }).check();
  await assign.getByLabel(BEN, { exact: true }).check();
  await assign.getByRole('button', { name: 'Count first' }).click();
  await assign.getByText(/would be assigned/).waitFor();
  await shoot(lead, 'assign', assign);

  // Interviews: switched on for the cohort, three times offered, one applicant in review invited; the slots panel as
  // the lead sees it, and the applicant's page once signed in from the invitation.
  const leadCookie = await staffCookie(base);
  const cohorts = await staffCall<StaffCohortOption[]>(base, leadCookie, staffQueuePaths.cohorts);
  const cohort = cohorts.find((c) => c.current) ?? cohorts[0];
  const ofCohort = (path: string) => path.replace(':number', String(cohort.number));
  await staffCall(base, leadCookie, ofCohort(interviewPaths.setting), 'PUT', { on: true });
  for (const [days, hour] of [
    [2, 9],
    [2, 14],
    [3, 10],
  ]) {
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + days);
    start.setUTCHours(hour, 0, 0, 0);
    await staffCall(base, leadCookie, ofCohort(interviewPaths.slots), 'POST', {
      start: start.toISOString(),
      minutes: 30,
    });
  }
  const waiting = await staffCall<StaffQueuePage>(
    base,
    leadCookie,
    `${staffQueuePaths.queue}?status=submitted`,
  );
  const invitee = waiting.rows[0];
  for (const type of ['START_REVIEW', 'INVITE_TO_INTERVIEW'])
    await staffCall(base, leadCookie, staffPaths.events.replace(':id', String(invitee.id)), 'POST', { type });
  await lead.goto(`${base}/staff`);
  const interviews = lead.locator('details.staff-interviews');
  await interviews.getByText('Interviews of this cohort (on)').click();
  await interviews.locator('.staff-interviews__slots li').nth(2).waitFor();
  await shoot(lead, 'interview-slots', interviews);
  const booker = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  booker.setDefaultTimeout(20_000);
  await booker.goto(`${base}${INTERVIEW_PAGE}`);
  await booker.getByLabel('Email address').fill(invitee.email!);
  await booker.getByRole('button', { name: 'Email me a code' }).click();
  await booker.getByLabel('Code').waitFor();
  await booker.getByLabel('Code').fill(await latestCode(base, invitee.email!));
  await booker.getByRole('button', { name: 'Continue' }).click();
  await booker.getByRole('heading', { name: INTERVIEW_MESSAGES.chooseSlot }).waitFor();
  await shoot(booker, 'interview-booking');

  // Tags and saved views: two applications tagged, the tag's view saved under a name.
  const submitted = await fetch(`${base}${staffQueuePaths.queue}?status=submitted`, {
    headers: { cookie: leadCookie },
  });
  for (const row of ((await submitted.json()) as { data: StaffQueuePage }).data.rows.slice(0, 2))
    await fetch(`${base}${tagsPaths.tags.replace(':id', String(row.id))}`, {
      method: 'POST',
      headers: { cookie: leadCookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: 'Call back' }),
    });
  await lead.goto(`${base}/staff?tag=call+back`);
  await table.getByRole('row').nth(2).waitFor();
  const views = lead.getByRole('region', { name: 'Saved views:' });
  await views.getByText('Save or delete views').click();
  await views.getByLabel(/Name this view/).fill('Call backs');
  await views.getByRole('button', { name: 'Save this view' }).click();
  await views.getByRole('link', { name: 'Call backs' }).waitFor();
  await between(lead, 'saved-views', lead.getByRole('heading', { level: 1 }), table.getByRole('row').nth(2));

  // A message to the view, after its dry run, with the first message as it will read.
  await lead.goto(`${base}/staff?status=waitlisted`);
  await table.getByRole('row').nth(1).waitFor();
  await lead.getByRole('button', { name: /^Message these \d+ applications$/ }).click();
  const message = lead.getByRole('region', { name: /^Message the \d+ applications of this view$/ });
  await message.getByLabel('Subject').fill('A seat may open for you, {{firstname}}');
  await message
    .getByLabel('Message', { exact: true })
    .fill('{{greeting}}\n\nYou are on the waitlist for {{cohort}}. We will write the moment a seat opens.');
  await message.getByRole('button', { name: 'Check who it goes to' }).click();
  await message.getByRole('region', { name: 'The first message' }).waitFor();
  await shoot(lead, 'message', message);

  // Email templates, with the preview.
  await lead.goto(`${base}/staff/templates`);
  await h1(lead, 'Email templates');
  await lead.getByRole('heading', { name: 'Accepted', level: 2 }).waitFor();
  await lead.getByText('Variables you can use').click();
  await between(lead, 'templates', lead.getByRole('heading', { level: 1 }), section(lead, 'Preview'));

  // Reports: charts, each with its table.
  await lead.goto(`${base}/staff/reports`);
  await h1(lead, 'Reports');
  await lead.getByRole('img', { name: /^Applications per day/ }).waitFor();
  await between(
    lead,
    'reports',
    lead.getByRole('heading', { level: 1 }),
    lead.getByRole('heading', { name: 'Time to decision' }),
  );
  await between(
    lead,
    'reports-team',
    lead.getByRole('heading', { name: 'Time to decision' }),
    lead.getByRole('heading', { name: 'Funnel across cohorts' }),
  );

  // The audit log, filtered by action.
  await lead.goto(`${base}/staff/audit?action=review_event`);
  await h1(lead, 'Audit log');
  await lead
    .getByRole('table', { name: /that match the filter/ })
    .getByRole('row')
    .nth(3)
    .waitFor();
  await shoot(lead, 'audit');

  // A reviewer's My queue.
  const reviewer = await signedIn(browser, base, AMA);
  await reviewer.goto(`${base}/staff?assignee=me`);
  await reviewer
    .getByRole('table', { name: /match(es)? this view/ })
    .getByRole('row')
    .nth(1)
    .waitFor();
  await shoot(reviewer, 'my-queue');
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer({ ...DECIDING, RATE_LIMIT_IP_PER_MINUTE: '5000' });
  let browser: Browser | undefined;
  try {
    console.log(`server on ${server.url}; seeding…`);
    const seeded = await seed(server);
    browser = await launchBrowser();
    await screenshots(browser, server.url, seeded);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
