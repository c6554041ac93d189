/**
 * When applicants arrive: a round opens with a launch spike, runs at a steady trickle and ends in a deadline rush
 * (docs/decisions/248-the-round-rehearsal.md), compressed into the run's duration. The arrival times are the
 * curve's quantiles, so a run of N applicants always has the same shape.
 */

/** The rate at `t` (0: the launch, 1: the deadline), relative: a trickle of 1, a spike of 8, a rush of 5. */
export function arrivalRate(t: number): number {
  return 1 + 8 * Math.exp(-t / 0.04) + 5 * Math.exp(-(1 - t) / 0.06);
}

/** `count` arrival offsets in ms from the start, over `durationMs`, following `arrivalRate`. */
export function arrivalTimes(count: number, durationMs: number, bins = 2000): number[] {
  const cumulative: number[] = [0];
  for (let i = 0; i < bins; i++) cumulative.push(cumulative[i] + arrivalRate((i + 0.5) / bins));
  const total = cumulative[bins];
  const times: number[] = [];
  let bin = 0;
  for (let n = 0; n < count; n++) {
    const target = ((n + 0.5) / count) * total;
    while (cumulative[bin + 1] < target) bin++;
    const within = (target - cumulative[bin]) / (cumulative[bin + 1] - cumulative[bin]);
    times.push(((bin + within) / bins) * durationMs);
  }
  return times;
}

/** A small seeded generator (mulberry32): the same seed makes the same round. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `task` for each item at its time, at most `limit` at once (later ones wait their turn). */
export async function schedule<T>(
  items: { at: number; item: T }[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const start = Date.now();
  let running = 0;
  const slots: (() => void)[] = [];
  const acquire = () =>
    running < limit ? (running++, Promise.resolve()) : new Promise<void>((r) => slots.push(r));
  const release = () => {
    const next = slots.shift();
    if (next) next();
    else running--;
  };
  const all: Promise<void>[] = [];
  for (const { at, item } of items) {
    const wait = start + at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await acquire();
    all.push(task(item).finally(release));
  }
  await Promise.all(all);
}
