/**
 * The machine's load while a benchmark measures: the load average, and the share of the cores that other work took
 * (a figure taken while the machine was shared is flagged, not printed as a result).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/*
 * The load average counts this benchmark's own work too (its server, autocannon, Chromium): right after one measure
 * it says "busy" about the next. What says whether *other* work shared the cores is the CPU time the rest of the
 * machine used: sampled every second from /proc, as the share of all cores used by processes that are neither this
 * benchmark nor its children (nor PostgreSQL's or Chromium's, see SERVING), over the last minute.
 */
const CLOCK_TICKS = 100;
/**
 * Processes counted as the benchmark's even when they are not its descendants: PostgreSQL's (it serves the
 * PostgreSQL measures) and Chromium's (whose helpers leave the process tree when the browser is stopped).
 */
const SERVING = /^(postgres|chrome|chromium|headless_shell)/;
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
    // After the name: state, ppid, … utime (14th field of the line), stime. Not the children's (cutime, cstime):
    // those ticks were counted while the children ran.
    const ticks = Number(fields[11]) + Number(fields[12]);
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
  // The own CPU of this interval: each own process's ticks since the last sample (all of them for one born since).
  // Summed per interval, so a process that ends (its helpers orphaned, its ticks gone from /proc) takes nothing
  // back from what was counted while it ran.
  let ownDelta = 0;
  const seen = new Map<number, number>();
  for (const [pid, stat] of procs)
    if (own(pid) || SERVING.test(stat.comm)) {
      seen.set(pid, stat.ticks);
      ownDelta += Math.max(0, stat.ticks - (lastOwn.get(pid) ?? 0));
    }
  lastOwn = seen;
  ownTotal += ownDelta;
  return { at: Date.now(), busyTicks, ownTicks: ownTotal };
}

let lastOwn = new Map<number, number>();
let ownTotal = 0;

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
