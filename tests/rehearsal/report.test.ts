/**
 * The rehearsal's report page (docs/decisions/249-one-charting-library.md): from a small round's observations, each
 * chart is a static SVG with its bars or lines, named by its text alternative, above the table of its figures; the
 * page runs no script.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { Answer, OutboxRow, ProcessSample } from '../../rehearsal/observations';
import {
  errorTable,
  latencyOverTime,
  mailOverTime,
  processesOverTime,
  releaseLags,
  reportHtml,
  routeTable,
  type Report,
} from '../../rehearsal/report';

const T = Date.UTC(2026, 11, 7, 1, 0, 0);

// Two routes answering over 12 s, one refusal; the outbox queues four and delivers three; a sample a second.
const answers: Answer[] = Array.from({ length: 24 }, (_, i) => ({
  method: 'POST',
  route: i % 2 ? '/api/save' : '/api/submit',
  status: i === 5 ? 409 : 200,
  ms: 20 + i * 10,
  at: T + (i + 1) * 500,
}));
const outbox: OutboxRow[] = [0, 1, 2, 3].map((i) => ({
  id: i + 1,
  to: `r${i}@rehearsal.example`,
  subject: 'Your application',
  delivered: i < 3,
  attempts: 1,
  queuedAt: T + 2000 * (i + 1),
  deliveredAt: i < 3 ? T + 2000 * (i + 1) + 900 : null,
}));
const samples: ProcessSample[] = Array.from({ length: 5 }, (_, i) => ({
  at: T + i * 1000,
  serverCpuSeconds: i * 0.5,
  serverRssBytes: (120 + i) * 1e6,
  outboxMessages: i % 2,
  rehearsalCpuSeconds: i * 0.25,
  rehearsalRssBytes: 90e6,
}));

const report: Report = {
  startedAt: new Date(T).toISOString(),
  finishedAt: new Date(T + 12_000).toISOString(),
  passed: true,
  engine: 'pglite',
  options: { cohort: 14 },
  settings: {},
  arrivals: [
    { slice: '0–50%', 'arrived on the curve': 3, 'walk began (after the concurrency limit)': 2 },
    { slice: '50–100%', 'arrived on the curve': 4, 'walk began (after the concurrency limit)': 5 },
  ],
  funnel: [
    { step: 'created', applicants: 7 },
    { step: 'submitted', applicants: 5 },
  ],
  seats: [
    { 's from start': 4, cohort: 13, seats: 300, taken: 0 },
    { 's from start': 4, cohort: 14, seats: 3, taken: 1 },
    { 's from start': 9, cohort: 14, seats: 3, taken: 3 },
  ],
  reviewers: [
    { reviewer: 'reviewer1@rehearsal.example', accepted: 2, waitlisted: 1, 'not successful': 1 },
    { reviewer: 'reviewer2@rehearsal.example', accepted: 1, waitlisted: 2, 'not successful': 3 },
  ],
  team: [],
  cohorts: [{ cohort: 14, seats: 3, applied: 5, accepted: 3 }],
  interviews: [],
  staffPages: [],
  emails: [],
  routes: routeTable(answers),
  latency: latencyOverTime(answers, T),
  errors: errorTable(answers),
  mail: mailOverTime(outbox, T),
  processes: [],
  processesOverTime: processesOverTime(samples, T),
  invariants: [
    { invariant: 'each email once', breaches: [] },
    { invariant: 'erased, absent from a dump', breaches: [], notChecked: 'no pg_dump on PGlite here' },
  ],
};

const page = new JSDOM(await reportHtml(report)).window.document;

/** The section under a heading: its chart images (with what they draw) and its table's rows. */
function section(heading: string) {
  const h2 = [...page.querySelectorAll('h2')].find((h) => h.textContent === heading);
  const box = h2?.closest('section');
  if (!box) throw new Error(`no section "${heading}"`);
  return {
    charts: [...box.querySelectorAll('[role="img"]')].map((chart) => ({
      name: chart.getAttribute('aria-label') ?? '',
      bars: chart.querySelectorAll('svg .recharts-bar-rectangle path').length,
      lines: chart.querySelectorAll('svg path.recharts-line-curve').length,
      text: [...chart.querySelectorAll('svg text')].map((t) => t.textContent),
    })),
    rows: [...box.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    ),
  };
}

describe('the rehearsal report', () => {
  it('draws the programme lead’s charts as bars and lines, each above its table', () => {
    const arrivals = section('Arrivals per time slice');
    expect(arrivals.charts).toEqual([expect.objectContaining({ bars: 4, lines: 0 })]);
    expect(arrivals.charts[0].name).toContain('0–50% 3, 50–100% 4');
    expect(arrivals.charts[0].text).toEqual(expect.arrayContaining(['0–50%', '50–100%']));
    expect(arrivals.rows).toEqual([
      ['0–50%', '3', '2'],
      ['50–100%', '4', '5'],
    ]);

    const funnel = section('The funnel');
    expect(funnel.charts).toEqual([expect.objectContaining({ bars: 2 })]);
    expect(funnel.charts[0].text).toEqual(expect.arrayContaining(['created', 'submitted', '7', '5']));

    expect(section('Seats over time').charts).toEqual([expect.objectContaining({ lines: 2 })]);
    // The cohort the team decides: another cohort's seats are in the table, not on the chart.
    expect(section('Seats over time').charts[0].name).toMatch(
      /^Seats over time in cohort 14, 4 to 9 s from the start: taken at most 3 \(at 9 s\); seats at most 3 /,
    );
    expect(section('Seats over time').rows).toHaveLength(3);

    const reviewers = section('Decisions per reviewer');
    expect(reviewers.charts).toEqual([expect.objectContaining({ bars: 6 })]);
    expect(reviewers.charts[0].name).toContain(
      'reviewer1@rehearsal.example 2, reviewer2@rehearsal.example 1',
    );

    const mail = section('Emails queued and delivered over time');
    expect(mail.charts).toEqual([expect.objectContaining({ lines: 2 })]);
    expect(mail.rows.at(-1)).toEqual([expect.any(String), '4', '3']);
  });

  it('draws the engineer’s charts: latency per route and over time, errors, the outbox and each process', () => {
    const routes = section('Latency per route');
    expect(routes.charts).toEqual([expect.objectContaining({ bars: 6 })]);
    expect(routes.rows.map((r) => r[0])).toEqual(['POST /api/submit', 'POST /api/save']);
    expect(routes.charts[0].text).toEqual(expect.arrayContaining(['POST /api/submit', 'POST /api/save']));

    const overTime = section('Latency of POST /api/submit over time');
    expect(overTime.charts).toEqual([expect.objectContaining({ lines: 3 })]);
    expect(overTime.charts[0].name).toMatch(/^Latency of POST \/api\/submit over time/);
    // Answers 0, 2, 4 … of 20 + 10i ms, by when they arrived: the first slice of 1 s holds the first.
    expect(overTime.rows[0]).toEqual(['1', '1', '20', '20', '20']);
    expect(section('Latency of POST /api/save over time').charts).toHaveLength(1);

    const errors = section('Answers other than 2xx');
    expect(errors.charts).toEqual([expect.objectContaining({ bars: 1 })]);
    expect(errors.rows).toEqual([['POST /api/save 409', '1']]);

    const processes = section('The outbox’s depth and the processes over time');
    expect(processes.charts.map((c) => [c.name.split(',')[0], c.lines])).toEqual([
      ['The outbox’s depth', 1],
      ['CPU per process', 2],
      ['Memory per process', 2],
    ]);
    // Half a CPU second a second for the server, a quarter for the rehearsal.
    expect(processes.rows[0]).toEqual(['1', '50', '121', '1', '25', '90']);
  });

  it('says which invariants held and which were not checked on this engine, and claims no more', () => {
    const items = [...page.querySelectorAll('main > ul > li')].map((li) => li.textContent);
    expect(items).toEqual([
      'each email once: held',
      'erased, absent from a dump: not checked (no pg_dump on PGlite here)',
    ]);
    expect(page.querySelector('.ok')?.textContent).toBe('Every invariant checked held.');
  });

  it('runs no script', () => {
    expect(page.querySelectorAll('script')).toHaveLength(0);
  });

  it('tables a round of 10,000’s answers and emails: hundreds of thousands of them, the last slice ending at the last', () => {
    // Spread into Math.max, this many overflowed the stack at the end of an hour's run.
    const many = 200_000;
    const crowd: Answer[] = Array.from({ length: many }, (_, i) => ({
      method: 'GET',
      route: `/api/route-${i % 2000}`,
      status: 200,
      ms: i % 100,
      at: T + i,
    }));
    const mail: OutboxRow[] = Array.from({ length: many }, (_, i) => ({
      ...outbox[0],
      id: i + 1,
      queuedAt: T + i,
      deliveredAt: T + i + 10,
    }));
    const latency = latencyOverTime(crowd, T);
    // The four busiest routes of 100 answers each, over 12 slices, the last ending 200 s in.
    expect(latency).toHaveLength(4 * 12);
    expect(latency.at(-1)).toMatchObject({ 's from start': many / 1000 });
    expect(latency.reduce((n, row) => n + Number(row.requests), 0)).toBe(4 * 100);
    expect(mailOverTime(mail, T).at(-1)).toMatchObject({ queued: many, delivered: many });
    expect(routeTable(crowd)).toHaveLength(2000);
  });

  it('measures each standing decision’s release after its undo window, the undone left out', () => {
    const decided = (createdAt: number, releasedAt: number | null, undone = false) => ({
      applicationId: 1,
      toStatus: 'accepted',
      createdAt,
      releasedAt,
      undone,
    });
    const lags = releaseLags(
      [decided(T, T + 5_400), decided(T, T + 5_100), decided(T, null, true), decided(T, T + 9_000, true)],
      5_000,
    );
    expect(lags).toEqual([100, 400]);
  });
});
