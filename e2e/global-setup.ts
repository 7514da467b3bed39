import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopServer } from './server-process';
import { freePort } from '../scripts/free-port';
import { ADMIN, DEMO_PASSWORDS } from './pages/credentials';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The server builds the PWA on its first start when dist/pwa is missing or stale.
const startTimeoutMs = 120_000;

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`Server exited during start (code ${server.exitCode ?? server.signalCode})`);
    }
    if (await isHealthy(baseUrl)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not answer GET /api/health within ${startTimeoutMs / 1000} s`);
}

export default async function globalSetup(): Promise<void> {
  // A server started by hand (E2E_BASE_URL=http://...) is used as it is.
  if (process.env.E2E_BASE_URL) return;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'skyway-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // NOTE: detached puts tsx and its node child in one process group, so teardown can stop both.
  const server = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ...DEMO_PASSWORDS,
      LOG_LEVEL: 'warn',
      // The suite signs up and books for dozens of travellers from one address within minutes, past the
      // production limits (50 sign-ups per 15 minutes per address); those limits and the unpaid-holds cap
      // are proven by server/test/rate-limits.test.ts and unpaid-holds.test.ts.
      RATE_LIMITS: 'off',
    },
  });
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = dataDir;

  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stopServer();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
}
