import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['pwa', 'sync', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** Builds the PWA when its build is missing or older than any of its sources. */
export async function buildPwaIfStale(distDir: string, log: (message: string) => void): Promise<void> {
  const built = statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const newest = Math.max(...sources.map(newestMtime));
  if (built >= newest) return;
  log('Building the PWA (first start or changed sources)...');
  const { build } = await import('vite');
  // NOTE: a server started by a test runner inherits NODE_ENV=test, which would make Vite ship React's
  // development build; the PWA is always built for production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
