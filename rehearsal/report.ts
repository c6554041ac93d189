/**
 * The rehearsal's report: `report.json` and one self-contained `index.html` of tables (arrivals per time slice, the
 * funnel, seats over time, decisions per reviewer, emails queued and delivered, latency per route, errors, the
 * processes' CPU and memory, and the invariants with their breaches).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer } from './observations';

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
  errors: Row[];
  processes: Row[];
  invariants: { invariant: string; breaches: string[] }[];
}

/** The p-th percentile of ascending numbers (0 when none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/** p50, p95 and p99 per route, with the count of each status. */
export function routeTable(answers: Answer[]): Row[] {
  const byRoute = new Map<string, Answer[]>();
  for (const a of answers) {
    const key = `${a.method} ${a.route}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), a]);
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

function table(caption: string, rows: Row[]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>None.</p>`;
  const columns = Object.keys(rows[0]);
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(r[c] ?? '')}</td>`).join('')}</tr>`)
    .join('');
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function reportPage(report: Report): string {
  const verdict = report.passed
    ? '<p class="ok">Every invariant held.</p>'
    : '<p class="breach">An invariant was breached: see below.</p>';
  const invariants = report.invariants
    .map(
      (i) =>
        `<li><strong>${escapeHtml(i.invariant)}</strong>: ${
          i.breaches.length === 0
            ? 'held'
            : `${i.breaches.length} breach(es)<ul>${i.breaches
                .slice(0, 50)
                .map((b) => `<li>${escapeHtml(b)}</li>`)
                .join('')}</ul>`
        }</li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Round rehearsal ${escapeHtml(report.startedAt)}</title><style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse;margin-bottom:1.5rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;font-variant-numeric:tabular-nums}.ok{color:#0a5d2c;font-weight:bold}.breach{color:#a4000f;font-weight:bold}</style></head><body><main><h1>Round rehearsal</h1><p>${escapeHtml(report.startedAt)} to ${escapeHtml(report.finishedAt)} on ${escapeHtml(report.engine)}.</p>${verdict}<h2>Invariants</h2><ul>${invariants}</ul>${table('Arrivals per time slice', report.arrivals)}${table('The funnel', report.funnel)}${table('Seats over time', report.seats)}${table('Decisions per reviewer', report.reviewers)}${table('The team’s other actions', report.team)}${table('Cohorts: applied and decided', report.cohorts)}${report.interviews.length ? table('Interviews', report.interviews) : ''}${table('The staff pages during the round', report.staffPages)}${table('Emails', report.emails)}${table('Latency per route', report.routes)}${table('Answers other than 2xx', report.errors)}${table('Processes', report.processes)}<h2>Options</h2><pre>${escapeHtml(JSON.stringify({ options: report.options, settings: report.settings }, null, 2))}</pre></main></body></html>`;
}

export function writeReport(dir: string, report: Report): void {
  writeFileSync(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'index.html'), reportPage(report));
}
