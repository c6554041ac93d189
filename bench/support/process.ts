/**
 * A server process for a benchmark: started the way `npm start` starts it (`node --import tsx <entry>`), with its
 * logs written to a file as a production process's would be, not piped into the process that generates the load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { freePort } from '../../tests/e2e/support/server';
import { root } from './report';

export interface BenchProcess {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export async function startProcess(
  entry: string,
  env: Record<string, string>,
  logFile: string,
  healthPath: string,
): Promise<BenchProcess> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited early (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${url}${healthPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not answer ${healthPath}; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    process: child,
    stop: async () => {
      const ended = () => child.exitCode !== null || child.signalCode !== null;
      if (ended()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (!ended()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
