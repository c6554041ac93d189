/**
 * What every benchmark shares: the statistics, the facts about the machine a figure was taken on, and the
 * rewriting of one `## ` section of docs/performance.md (each benchmark owns its section and leaves the rest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/*
 * The load average counts this benchmark's own work too (its server, autocannon, Chromium): right after one measure
 * it says "busy" about the next. What says whether *other* work shared the cores is the CPU time the rest of the
 * machine used: sampled every second from /proc, as the share of all cores used by processes that are neither this
 * benchmark nor its children (nor PostgreSQL's, which serves the PostgreSQL measures), over the last minute.
 */
const CLOCK_TICKS = 100;
const WINDOW_SECONDS = 60;

interface CpuSample {
  at: number;
  busyTicks: number;
  ownTicks: number;
}

function readProcStat(pid: string): { ppid: number; comm: string; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    // After the name: state, ppid, … utime (14th field of the line), stime, cutime, cstime.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { ppid: Number(fields[1]), comm: text.slice(text.indexOf('(') + 1, close), ticks };
  } catch {
    return undefined; // gone meanwhile
  }
}

function cpuSample(): CpuSample {
  const [, ...jiffies] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const busyTicks = jiffies.slice(0, 8).reduce((sum, v) => sum + v, 0) - jiffies[3] - jiffies[4];
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = readProcStat(pid);
    if (stat) procs.set(Number(pid), stat);
  }
  const own = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === process.pid) return true;
      at = procs.get(at)?.ppid ?? 0;
    }
    return false;
  };
  let ownTicks = 0;
  for (const [pid, stat] of procs) if (own(pid) || stat.comm === 'postgres') ownTicks += stat.ticks;
  return { at: Date.now(), busyTicks, ownTicks };
}

const samples: CpuSample[] = [];
function sampleCpu(): void {
  try {
    samples.push(cpuSample());
  } catch {
    return; // no /proc: no figure
  }
  while (samples.length > 1 && samples[0].at < Date.now() - WINDOW_SECONDS * 1000) samples.shift();
}
sampleCpu();
setInterval(sampleCpu, 1000).unref();

/** The share of all cores (0–1) that other processes used over the last minute (or since this benchmark began). */
export function otherWorkShare(): number {
  sampleCpu();
  // Asked right at the start: watch for two seconds first, or "0%" would only say that nothing was watched.
  const watched = (samples.at(-1)?.at ?? 0) - (samples[0]?.at ?? 0);
  if (samples.length && watched < 2000) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000 - watched);
    sampleCpu();
  }
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at === first.at) return 0;
  const cores = availableParallelism();
  // A process that ended takes its ticks out of the own sum unless its parent collected them (cutime): clamp at 0.
  const other = last.busyTicks - first.busyTicks - (last.ownTicks - first.ownTicks);
  return Math.max(0, other / (((last.at - first.at) / 1000) * CLOCK_TICKS * cores));
}

/** A run counts as taken on a busy machine when other work used more than this share of the cores. */
export const BUSY_SHARE = 0.2;

/**
 * The 1, 5 and 15 minute load averages and the share of the cores other work took over the last minute, as one
 * label: `1.71 0.80 0.33, others 3%`.
 */
export const loadAverage = (): string =>
  `${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}, others ${Math.round(otherWorkShare() * 100)}%`;

const othersOf = (load: string): number => Number(/others (\d+)%/.exec(load)?.[1] ?? 0) / 100;
const isBusy = (load: string): boolean => othersOf(load) > BUSY_SHARE;

/**
 * The line a section opens with when any of its runs was taken while other work shared the machine: its figures
 * are then what a crowded machine gave, not a result to compare with the goals.
 */
export function busyWarning(loads: string[]): string[] {
  const busy = loads.filter(isBusy);
  if (busy.length === 0) return [];
  return [
    `**BUSY MACHINE: not a result.** ${busy.length} of ${loads.length} runs were taken while other processes used more`,
    `than ${BUSY_SHARE * 100}% of the cores (${busy.map((l) => `${Math.round(othersOf(l) * 100)}%`).join(', ')}): the`,
    'figures below say what a crowded machine gave and the verdicts are provisional. Run again on a quiet machine.',
    '',
  ];
}

/** The label with ` (busy)` appended when other work took more than the threshold. */
export const loadLabel = (load: string): string => `${load}${isBusy(load) ? ' (busy)' : ''}`;

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
