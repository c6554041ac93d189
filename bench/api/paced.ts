/**
 * A steady rate, as the API goal means it: requests sent at evenly spaced moments, whatever the answers do (an open
 * loop), over at most `connections` kept-alive sockets. autocannon's `overallRate` is not that: each connection
 * sends flat out until it has made its share for the second, then waits for the next second, so "half the
 * maximum" is the maximum for half of every second, and its p99 is that of a server at full load
 * (docs/decisions/012-emails.md). A request's latency counts from the moment it was due, so
 * a wait for a free socket counts too (no coordinated omission).
 */
import { Agent, request } from 'node:http';
import { percentile } from '../support/report';

/** What a load run gives, paced or flat out. */
export interface PacedResult {
  /** Successful (2xx) answers per second: a 4xx or 5xx is not a request served. */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  errors: number;
}

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends `rate` requests a second for `seconds`, each made by `next()`; `onAnswer` sees each answer's status and body. */
export async function pacedLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  next: () => PacedRequest;
  onAnswer?: (status: number, body: string) => void;
}): Promise<PacedResult> {
  const { url, rate, seconds, connections, next, onAnswer } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const send = (due: number) => {
    const { method, path, headers, body } = next();
    const done = new Promise<void>((resolve) => {
      const req = request(
        { host: target.hostname, port: target.port, method, path, headers, agent, timeout: 10_000 },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) ok += 1;
            else failed += 1;
            onAnswer?.(status, text);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  const interval = 1000 / rate;
  const start = performance.now();
  const total = Math.round(rate * seconds);
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Every request due by now goes out now, each keeping the moment it was due.
    while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(interval, 5))));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    rps: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok,
    failed,
    errors,
  };
}
