/**
 * The processes over the run, read every few seconds: the server's CPU time, resident memory and outbox depth from its
 * own /metrics, and this process's (the applicants, the team and the SMTP sink) from Node. The report draws them over
 * time (docs/decisions/249-one-charting-library.md); the end-of-run figures alone hid when the load came.
 */
import type { ProcessSample } from './observations';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A number from the server's /metrics (summed over its label sets), or undefined. */
export function metric(text: string, name: string): number | undefined {
  const values = text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .map((line) => Number(line.split(' ').at(-1)));
  return values.length ? values.reduce((a, b) => a + b, 0) : undefined;
}

export async function metrics(url: string): Promise<string> {
  try {
    return await (await fetch(`${url}/metrics`)).text();
  } catch {
    return '';
  }
}

/** One sample now: what the server's /metrics says and what this process uses. */
export async function sampleProcesses(url: string): Promise<ProcessSample> {
  const text = await metrics(url);
  const cpu = process.cpuUsage();
  return {
    at: Date.now(),
    serverCpuSeconds: metric(text, 'process_cpu_seconds_total') ?? null,
    serverRssBytes: metric(text, 'process_resident_memory_bytes') ?? null,
    outboxMessages: metric(text, 'bootcamp_outbox_messages') ?? null,
    rehearsalCpuSeconds: (cpu.user + cpu.system) / 1e6,
    rehearsalRssBytes: process.memoryUsage().rss,
  };
}

/** Samples into `into` every `everyMs` until `done()` says the run is over. */
export async function sampleUntil(
  url: string,
  everyMs: number,
  into: ProcessSample[],
  done: () => boolean,
): Promise<void> {
  while (!done()) {
    into.push(await sampleProcesses(url));
    await sleep(everyMs);
  }
}
