import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export type BenchServer = {
  baseUrl: string;
  /** The server's METRICS_TOKEN, so the bench can read its GET /metrics (bench/server-figures.ts); none for bare Express. */
  metricsToken?: string;
  /** Settles once GET /api/health answers 200; rejects (after stopping) if the server exits or times out. */
  ready: Promise<void>;
  /** SIGTERM (SIGKILL after 15 s), then deletes DATA_DIR; safe to call more than once. */
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Node's own flags from the `start` script of package.json (`node <flags> --import tsx server/main.ts`),
 * for the server and bare Express beside it, which run through the tsx binary as in every bench before.
 * NOTE: started as `node --import tsx` instead, the first-screen scenario's median went from 545 to 733 ms
 * to 741 to 1,000 ms on this machine; it is not explained, so the bench keeps the binary.
 */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/);
  const loader = words.indexOf('--import');
  if (words[0] !== 'node' || words[loader + 1] !== 'tsx' || words.at(-1) !== 'server/main.ts') {
    throw new Error(`the start script is not "node <flags> --import tsx server/main.ts": ${scripts.start}`);
  }
  return [...words.slice(1, loader), ...words.slice(loader + 2, -1)];
}

/** The real server (`npm start`'s command) as a child process over a fresh demo-seeded DATA_DIR; `env` adds to or overrides its settings. */
export async function launchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const metricsToken = randomBytes(24).toString('base64url');
  const server = await launch('server/main.ts', {
    METRICS_TOKEN: metricsToken,
    SEED: 'demo',
    ADMIN_PASSWORD: 'Admin-pass-123',
    DEMO_PASSWORD: 'Demo-pass-123',
    LOG_LEVEL: 'warn',
    // NOTE: every bench client comes from this one address, and chat devices send 60 messages a minute.
    RATE_LIMITS: 'off',
    ...env,
  });
  return { ...server, metricsToken: env.METRICS_TOKEN ?? metricsToken };
}

/** Bare Express (bench/bare/app.ts) as a child process, answering GET /api/health. */
export function launchBareExpress(): Promise<BenchServer> {
  return launch('bench/bare/app.ts', {});
}

async function launch(script: string, env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-bench-'));
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [...startFlags(), script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline && running && !stopping) {
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return;
      await sleep(250);
    }
    const why = stopping ? 'stopped' : running ? 'timed out' : 'it exited';
    await stop();
    throw new Error(`the server did not become healthy (${why}); its output:\n${output}`);
  })();
  return { baseUrl, ready, stop };
}
