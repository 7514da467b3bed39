import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port';
import { DEMO_PASSWORDS } from './pages/credentials';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A server of a spec's own, on its own data folder and port, that the spec really stops and
 * starts again (the shared server of the global setup must stay up for the other specs).
 */
export async function ownServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'skyway-own-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: repoRoot,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'demo',
        ...DEMO_PASSWORDS,
        LOG_LEVEL: 'warn',
      },
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('own server did not start');
  }

  async function stop(): Promise<void> {
    const pid = child?.pid;
    if (!pid) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(-pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    child = undefined;
  }

  await start();
  return {
    url,
    dataDir,
    start,
    stop,
    dispose: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
