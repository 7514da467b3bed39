import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, TRAVELLER } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export type Exit = { code: number | null; signal: NodeJS.Signals | null };
export type ChildServer = { url: string; port: number; dataDir: string; proc: ChildProcess; exited: Promise<Exit>; output: () => string };

/**
 * `npm start` as a real child process on DATA_DIR: `tsx server/main.ts`, in its own process group
 * (tsx runs the server in a child of its own, and a SIGKILL must reach both). Resolves once
 * /api/health answers; the first start may build the PWA, hence the long default timeout. `env` adds
 * to the environment (a load test lifts the rate limits); `logFile` takes the child's stdout and stderr
 * instead of the test's pipes (a disk test puts the log on the disk it fills).
 */
export async function startChild(
  dataDir: string,
  port: number,
  options: { timeoutMs?: number; env?: Record<string, string>; logFile?: string } = {},
): Promise<ChildServer> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const log = options.logFile === undefined ? 'pipe' : openSync(options.logFile, 'a');
  const proc = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD: TRAVELLER.password,
      LOG_LEVEL: 'silent',
      ...options.env,
    },
  });
  if (typeof log === 'number') closeSync(log);
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  let gone: Exit | undefined;
  void exited.then((exit) => (gone = exit));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`server exited early (${JSON.stringify(gone)}):\n${output}`);
    if (Date.now() > deadline) {
      killGroup(proc, 'SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, dataDir, proc, exited, output: () => output };
}

/** Signals the child's whole process group (tsx and the server it runs). */
export function killGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGKILL, as a power cut or the OOM killer would: no handler runs, nothing is flushed. */
export async function crash(child: ChildServer): Promise<void> {
  killGroup(child.proc, 'SIGKILL');
  await child.exited;
  // The server itself is tsx's child: wait until it is gone too and the port is free.
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${child.url}/api/health`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the killed server still answers');
}
