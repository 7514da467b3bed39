import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, DEMO_PASSWORDS } from './credentials';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Writes `bookings` bookings of a year's history into a stopped server's data folder, through the app's own volume seeder. */
export function seedVolumeInto(dataDir: string, bookings: number): void {
  const seeded = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/ops/seed-volume-cli.ts', '--bookings', String(bookings)], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...DEMO_PASSWORDS },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed:volume failed: ${seeded.stderr}`);
}

/** The demo admin's token on the server at `url`. */
export async function adminToken(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auths/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`admin login failed: ${login.status}`);
  return token;
}
