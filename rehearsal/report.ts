/**
 * The rehearsal's report: `report.json` and one self-contained `index.html` of charts and tables, each chart above the
 * table that holds its figures (arrivals per time slice, the funnel, seats over time, decisions per reviewer, emails
 * queued and delivered, latency per route and over time, errors, the outbox's depth, the processes' CPU and memory, and
 * the invariants with their breaches). The charts are static SVG, drawn by rehearsal/charts.tsx; the page has no script.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer, DecisionEvent, OutboxRow, ProcessSample } from './observations';
import { staticHtml } from './staticHtml';

export type Row = Record<string, string | number>;

export interface Report {
  startedAt: string;
  finishedAt: string;
  passed: boolean;
  engine: string;
  options: object;
  settings: Record<string, string>;
  arrivals: Row[];
  funnel: Row[];
  seats: Row[];
  reviewers: Row[];
  team: Row[];
  /** Per cohort: seats, applied, and how its applications were decided (its waitlist included). */
  cohorts: Row[];
  /** With `--interviews`: slots, invites and bookings. */
  interviews: Row[];
  /** The staff pages the team keeps open: p50, p95, p99. */
  staffPages: Row[];
  emails: Row[];
  routes: Row[];
  /** p50, p95 and p99 per time slice for the busiest routes. */
  latency: Row[];
  errors: Row[];
  /** Emails queued and delivered so far, per time slice. */
  mail: Row[];
  processes: Row[];
  /** CPU, memory and the outbox's depth as sampled over the run. */
  processesOverTime: Row[];
  /** Each invariant's breaches; `notChecked` says why one was not run on this engine (then it claims nothing). */
  invariants: { invariant: string; breaches: string[]; notChecked?: string }[];
}

/** The p-th percentile of ascending numbers (0 when none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/** p50, p95 and p99 per route, with the count of each status. */
export function routeTable(answers: Answer[]): Row[] {
  // Pushed, not copied: a round of 10,000 gives a route hundreds of thousands of answers.
  const byRoute = new Map<string, Answer[]>();
  for (const a of answers) {
    const key = `${a.method} ${a.route}`;
    const list = byRoute.get(key);
    if (list) list.push(a);
    else byRoute.set(key, [a]);
  }
  return [...byRoute.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([route, list]) => {
      const ms = list
        .filter((a) => a.status > 0)
        .map((a) => a.ms)
        .sort((x, y) => x - y);
      const statuses = new Map<number, number>();
      for (const a of list) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      return {
        route,
        requests: list.length,
        'p50 ms': Math.round(percentile(ms, 50)),
        'p95 ms': Math.round(percentile(ms, 95)),
        'p99 ms': Math.round(percentile(ms, 99)),
        statuses: [...statuses.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([status, n]) => `${status === 0 ? 'timeout' : status}×${n}`)
          .join(' '),
      };
    });
}

/**
 * How long each decision that stood waited past its undo window before the decision mailer released it (ms, ascending):
 * the release lag, apart from the outbox's wait that follows it.
 */
export function releaseLags(decisions: DecisionEvent[], undoMs: number): number[] {
  return decisions
    .filter((d) => !d.undone && d.releasedAt !== null)
    .map((d) => (d.releasedAt as number) - (d.createdAt + undoMs))
    .sort((a, b) => a - b);
}

/** How many slices the tables over time cut the run into. */
const SLICES = 12;
/** The routes whose latency is drawn over time, the busiest first (one chart each). */
const ROUTES_OVER_TIME = 4;

const seconds = (ms: number) => Math.round(ms / 1000);

/** The largest of many numbers (`Math.max(...all)` overflows the stack beyond about 120,000 arguments). */
const largest = (all: number[], floor: number) => all.reduce((max, n) => (n > max ? n : max), floor);

/** The ends of `SLICES` equal slices from `start` to `end` (epoch ms). */
function sliceEnds(start: number, end: number): number[] {
  return Array.from({ length: SLICES }, (_, i) => start + ((i + 1) * (end - start)) / SLICES);
}

/** p50, p95 and p99 of each busy route in each slice of the run (by when the answer arrived). */
export function latencyOverTime(answers: Answer[], start: number): Row[] {
  const answered = answers.filter((a) => a.status > 0);
  const busiest = routeTable(answers)
    .slice(0, ROUTES_OVER_TIME)
    .map((row) => String(row.route));
  const end = largest(
    answered.map((a) => a.at),
    start + 1,
  );
  const ends = sliceEnds(start, end);
  return busiest.flatMap((route) =>
    ends.map((to, i) => {
      const from = i === 0 ? -Infinity : ends[i - 1];
      const ms = answered
        .filter((a) => `${a.method} ${a.route}` === route && a.at > from && a.at <= to)
        .map((a) => a.ms)
        .sort((x, y) => x - y);
      return {
        route,
        's from start': seconds(to - start),
        requests: ms.length,
        'p50 ms': Math.round(percentile(ms, 50)),
        'p95 ms': Math.round(percentile(ms, 95)),
        'p99 ms': Math.round(percentile(ms, 99)),
      };
    }),
  );
}

/** The busy routes drawn over time, in the order the latency table lists them. */
export const latencyRoutes = (report: Pick<Report, 'latency'>) => [
  ...new Set(report.latency.map((r) => String(r.route))),
];

/** The emails queued and delivered so far at the end of each slice, from the outbox's own times. */
export function mailOverTime(outbox: OutboxRow[], start: number): Row[] {
  if (outbox.length === 0) return [];
  const end = largest(
    outbox.map((r) => r.deliveredAt ?? r.queuedAt),
    start + 1,
  );
  return sliceEnds(start, end).map((to) => ({
    's from start': seconds(to - start),
    queued: outbox.filter((r) => r.queuedAt <= to).length,
    delivered: outbox.filter((r) => r.deliveredAt !== null && r.deliveredAt <= to).length,
  }));
}

/** The sampled processes, at most 60 rows: CPU as a share of one core since the sample before, memory in MB. */
export function processesOverTime(samples: ProcessSample[], start: number): Row[] {
  const cpu = (now: number | null, before: number | null, ms: number) =>
    now === null || before === null || ms <= 0 ? '' : Math.round(((now - before) * 100_000) / ms);
  const mb = (bytes: number | null) => (bytes === null ? '' : Math.round(bytes / 1e6));
  const rows = samples.slice(1).map((s, i) => {
    const before = samples[i];
    const ms = s.at - before.at;
    return {
      's from start': seconds(s.at - start),
      'server CPU %': cpu(s.serverCpuSeconds, before.serverCpuSeconds, ms),
      'server RSS MB': mb(s.serverRssBytes),
      'outbox messages': s.outboxMessages ?? '',
      'rehearsal CPU %': cpu(s.rehearsalCpuSeconds, before.rehearsalCpuSeconds, ms),
      'rehearsal RSS MB': mb(s.rehearsalRssBytes),
    };
  });
  return thin(rows, 60);
}

/** Answers other than 2xx, per route and status (4xx are the product's refusals; a 5xx is a breach). */
export function errorTable(answers: Answer[]): Row[] {
  const counts = new Map<string, number>();
  for (const a of answers)
    if (a.status < 200 || a.status >= 300) {
      const key = `${a.method} ${a.route} ${a.status === 0 ? 'given up by the client (then sent again with its key)' : a.status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([answer, count]) => ({ answer, count }));
}

/** At most `limit` rows, evenly spread (the last one kept). */
export function thin<T>(rows: T[], limit: number): T[] {
  if (rows.length <= limit) return rows;
  const step = rows.length / limit;
  const kept = Array.from({ length: limit }, (_, i) => rows[Math.floor(i * step)]);
  kept[limit - 1] = rows[rows.length - 1];
  return kept;
}

const escapeHtml = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A heading, the chart (the HTML of a role="img" with its text alternative) and the table of its figures. */
function section(caption: string, rows: Row[], chart = ''): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>None.</p>`;
  const columns = Object.keys(rows[0]);
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(r[c] ?? '')}</td>`).join('')}</tr>`)
    .join('');
  return `<section><h2>${escapeHtml(caption)}</h2>${chart}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`;
}

/** The table's rows without one column (the latency of one route names the route in its heading). */
const without = (rows: Row[], column: string): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== column)));

/** The page; `charts` holds each chart's HTML by the name rehearsal/charts.tsx gives it (none: tables alone). */
export function reportPage(report: Report, charts: Record<string, string> = {}): string {
  const verdict = report.passed
    ? `<p class="ok">Every invariant ${report.invariants.some((i) => i.notChecked) ? 'checked ' : ''}held.</p>`
    : '<p class="breach">An invariant was breached: see below.</p>';
  const invariants = report.invariants
    .map(
      (i) =>
        `<li><strong>${escapeHtml(i.invariant)}</strong>: ${
          i.notChecked
            ? `not checked (${escapeHtml(i.notChecked)})`
            : i.breaches.length === 0
              ? 'held'
              : `${i.breaches.length} breach(es)<ul>${i.breaches
                  .slice(0, 50)
                  .map((b) => `<li>${escapeHtml(b)}</li>`)
                  .join('')}</ul>`
        }</li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Round rehearsal ${escapeHtml(report.startedAt)}</title><style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse;margin-bottom:1.5rem}.chart{max-width:100%;margin:.5rem 0 1rem}.chart .recharts-wrapper{max-width:100%;height:auto!important}.chart svg{height:auto!important}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;font-variant-numeric:tabular-nums}.ok{color:#0a5d2c;font-weight:bold}.breach{color:#a4000f;font-weight:bold}</style></head><body><main><h1>Round rehearsal</h1><p>${escapeHtml(report.startedAt)} to ${escapeHtml(report.finishedAt)} on ${escapeHtml(report.engine)}.</p>${verdict}<h2>Invariants</h2><ul>${invariants}</ul>${section('Arrivals per time slice', report.arrivals, charts.arrivals)}${section('The funnel', report.funnel, charts.funnel)}${section('Seats over time', report.seats, charts.seats)}${section('Decisions per reviewer', report.reviewers, charts.reviewers)}${section('The team’s other actions', report.team)}${section('Cohorts: applied and decided', report.cohorts)}${report.interviews.length ? section('Interviews', report.interviews) : ''}${section('The staff pages during the round', report.staffPages)}${section('Emails', report.emails)}${section('Emails queued and delivered over time', report.mail, charts.mail)}${section('Latency per route', report.routes, charts.routes)}${latencyRoutes(
    report,
  )
    .map((route) =>
      section(
        `Latency of ${route} over time`,
        without(
          report.latency.filter((r) => r.route === route),
          'route',
        ),
        charts[`latency ${route}`],
      ),
    )
    .join(
      '',
    )}${section('Answers other than 2xx', report.errors, charts.errors)}${section('Processes at the end', report.processes)}${section(
    'The outbox’s depth and the processes over time',
    report.processesOverTime,
    [charts.outbox, charts.cpu, charts.memory].join(''),
  )}<h2>Options</h2><pre>${escapeHtml(JSON.stringify({ options: report.options, settings: report.settings }, null, 2))}</pre></main></body></html>`;
}

/** The page with its charts drawn (recharts is loaded only here, once jsdom's globals are set). */
export async function reportHtml(report: Report): Promise<string> {
  return reportPage(report, await staticHtml(async () => (await import('./charts')).reportCharts(report)));
}

export async function writeReport(dir: string, report: Report): Promise<void> {
  writeFileSync(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'index.html'), await reportHtml(report));
}
