/**
 * The quick round rehearsal (`npm run rehearse -- --quick`, decision 248): the real server as a child process on
 * PGlite, a few hundred applicants and two admins over HTTP, the SMTP sink. It fails on any breached invariant.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Report } from '../../rehearsal/report';

const out = mkdtempSync(join(tmpdir(), 'bootcamp-rehearsal-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('a quick round keeps every invariant: decisions read alike, seats within the cap, each email once, no write lost, no 5xx', async () => {
  const { NODE_ENV: _node, DATABASE_URL: _url, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'rehearsal/run.ts', '--quick', '--out', out], {
    cwd: resolve(import.meta.dirname, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  expect(code, output).toBe(0);

  const [run] = readdirSync(out);
  const report = JSON.parse(readFileSync(join(out, run, 'report.json'), 'utf8')) as Report;
  expect(report.invariants.filter((i) => i.breaches.length)).toEqual([]);
  expect(report.passed).toBe(true);
  // A round that did something: applicants submitted, the team decided, emails were delivered.
  const reached = Object.fromEntries(report.funnel.map((row) => [row.step, Number(row.applicants)]));
  expect(reached.submitted).toBeGreaterThan(50);
  const decided = report.reviewers.reduce(
    (n, row) => n + Number(row.accepted) + Number(row.waitlisted) + Number(row['not successful']),
    0,
  );
  expect(decided).toBeGreaterThan(10);
  const delivered = report.emails.find((row) => String(row.what).startsWith('received'));
  expect(Number(delivered?.count)).toBeGreaterThan(reached.submitted);
  expect(readFileSync(join(out, run, 'index.html'), 'utf8')).toContain('Every invariant held.');
}, 240_000);
