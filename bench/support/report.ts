/**
 * What every benchmark shares: the statistics, the facts about the machine a figure was taken on, and the
 * rewriting of one `## ` section of docs/performance.md (each benchmark owns its section and leaves the rest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
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

/** The 1, 5 and 15 minute load averages: on a shared 2-core machine they say how much else was running. */
export const loadAverage = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A run counts as taken on a busy machine when the 1-minute load before it is above this share of the cores. */
export const BUSY_SHARE = 0.7;

/** The 1-minute load average over the core count, and whether that makes the machine busy for a measurement. */
export function machineLoad(): { load: string; oneMinute: number; cores: number; busy: boolean } {
  const load = loadAverage();
  const oneMinute = Number(load.split(' ')[0]);
  const cores = availableParallelism();
  return { load, oneMinute, cores, busy: oneMinute > BUSY_SHARE * cores };
}

/**
 * The line a section opens with when any of its runs started on a busy machine: its figures are then what a
 * crowded machine gave, not a result to compare with the goals.
 */
export function busyWarning(loads: string[]): string[] {
  const cores = availableParallelism();
  const busy = loads.filter((load) => Number(load.split(' ')[0]) > BUSY_SHARE * cores);
  if (busy.length === 0) return [];
  return [
    `**BUSY MACHINE: not a result.** ${busy.length} of ${loads.length} runs started with a 1-minute load average above`,
    `${BUSY_SHARE} × ${cores} cores (${busy.map((l) => l.split(' ')[0]).join(', ')}): other work shared the cores, so the`,
    'figures below say what a crowded machine gave and the verdicts are provisional. Run again on a quiet machine.',
    '',
  ];
}

/** `load 0.42 0.51 0.60` with ` (busy)` appended when the 1-minute figure is over the threshold. */
export const loadLabel = (load: string): string =>
  `${load}${Number(load.split(' ')[0]) > BUSY_SHARE * availableParallelism() ? ' (busy)' : ''}`;

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
      'The machine is shared: other engineers ran tests and builds on the same 2 cores during these runs, and the',
      'load generator (autocannon, Chromium) runs on those cores too. Every figure below is therefore a lower bound',
      'of what the code can do on a quiet machine; each section gives the load average (`/proc/loadavg`: 1, 5, 15',
      'minutes) at the time it was measured.',
    ],
    { first: true },
  );
}
