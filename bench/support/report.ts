/**
 * What every benchmark shares: the statistics, the facts about the machine a figure was taken on, and the
 * rewriting of one `## ` section of docs/performance.md (each benchmark owns its section and leaves the rest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const performanceDoc = resolve(root, 'docs/performance.md');

export const median = (values: number[]): number => percentile(values, 50);

/** Nearest-rank percentile: with few samples p95 is one of the measured values, never an interpolation. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (p === 50 && sorted.length % 2 === 0) {
    const mid = sorted.length / 2;
    return (sorted[mid - 1] + sorted[mid]) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** `--quick` (or BENCH_QUICK=1): short runs that check a benchmark works, with figures that are not results. */
export const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

export const today = (): string => new Date().toISOString().slice(0, 10);
export const now = (): string => new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

export const met = (pass: boolean): string => (pass ? 'met' : '**missed**');

export function machineFacts(): string[] {
  const nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  return [
    `- CPU: ${cpus()[0]?.model ?? 'unknown'}, \`nproc\` = ${nproc}`,
    `- Memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node ${process.version}, ${process.platform} ${process.arch}`,
  ];
}

export const table = (header: string[], rows: string[][]): string[] => [
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
];

/** Replaces the section that starts with `## ${title}` (or appends it), keeping every other section as it is. */
export function writeSection(
  title: string,
  lines: string[],
  place: { first?: boolean; after?: string } = {},
): void {
  const heading = `## ${title}`;
  const section = `${[heading, '', ...lines].join('\n').trimEnd()}\n`;
  const current = existsSync(performanceDoc) ? readFileSync(performanceDoc, 'utf8') : '# Performance\n';
  const start = current.search(new RegExp(`^${heading}$`, 'm'));
  let updated: string;
  if (start !== -1) {
    const rest = current.slice(start + heading.length);
    const next = rest.search(/^## /m);
    const tail = next === -1 ? '' : `\n${rest.slice(next)}`;
    updated = `${current.slice(0, start)}${section}${tail}`;
  } else if (place.first && current.search(/^## /m) !== -1) {
    const at = current.search(/^## /m);
    updated = `${current.slice(0, at)}${section}\n${current.slice(at)}`;
  } else if (place.after && current.search(new RegExp(`^## ${place.after}$`, 'm')) !== -1) {
    // Insert right after the named section, before whatever section follows it.
    const from = current.search(new RegExp(`^## ${place.after}$`, 'm'));
    const rest = current.slice(from + 3);
    const next = rest.search(/^## /m);
    const at = next === -1 ? current.length : from + 3 + next;
    updated = `${current.slice(0, at).trimEnd()}\n\n${section}\n${current.slice(at)}`;
  } else {
    updated = `${current.trimEnd()}\n\n${section}`;
  }
  writeFileSync(performanceDoc, `${updated.trimEnd()}\n`);
}

/** The machine section: rewritten by every benchmark, so it always describes the latest run. */
export function writeMachineSection(): void {
  writeSection(
    'Machine',
    [
      `Last benchmark run on ${now()}:`,
      '',
      ...machineFacts(),
      '',
      'The load generator (autocannon, Chromium) runs on the same 2 cores as what it measures, so every figure is a',
      'lower bound of what the code can do. Each section gives the load average (`/proc/loadavg`: 1, 5, 15 minutes) and',
      'the share of the cores that other processes (not the benchmark, its server, its browser or PostgreSQL) took over',
      'the minute before a measure (bench/support/load.ts); above 20% the run is flagged busy and its verdicts are',
      'provisional.',
    ],
    { first: true },
  );
}
