import { chmod, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['pwa', 'sync', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
const STAGING = '.pwa-build-';
const LEFTOVER_AGE_MS = 10 * 60_000;

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/**
 * Puts the finished build `staging` where `target` was, in two renames: a process killed between them
 * leaves no `target`, so the next start builds again; it never leaves a half-written one.
 */
export async function replaceDir(staging: string, target: string): Promise<void> {
  const old = `${path.join(path.dirname(target), STAGING)}old-${process.pid}-${Date.now()}`;
  const moved = await rename(target, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(staging, target);
  if (moved) await rm(old, { recursive: true, force: true });
}

/** Builds left behind by a process killed mid-build, older than any build in progress could be. */
export async function removeLeftovers(parent: string, now = Date.now()): Promise<void> {
  const names = await readdir(parent).catch(() => []);
  for (const name of names.filter((n) => n.startsWith(STAGING))) {
    const dir = path.join(parent, name);
    const { mtimeMs } = await stat(dir);
    if (now - mtimeMs > LEFTOVER_AGE_MS) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Builds the PWA when its build is missing or older than any of its sources. NOTE: into a folder beside
 * it, swapped in whole: a server killed mid-build once left an index.html without its service worker.
 */
export async function buildPwaIfStale(distDir: string, log: (message: string) => void): Promise<void> {
  const built = statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const newest = Math.max(...sources.map(newestMtime));
  if (built >= newest) return;
  log('Building the PWA (first start or changed sources)...');
  const parent = path.dirname(distDir);
  await mkdir(parent, { recursive: true });
  await removeLeftovers(parent);
  const staging = await mkdtemp(path.join(parent, STAGING));
  const { build } = await import('vite');
  // NOTE: a server started by a test runner inherits NODE_ENV=test, which would make Vite ship React's
  // development build; the PWA is always built for production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production', build: { outDir: staging, emptyOutDir: true } });
    // mkdtemp makes the folder private; the build is public, as it was when Vite made the folder itself.
    await chmod(staging, 0o755);
    await replaceDir(staging, distDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    await rm(staging, { recursive: true, force: true });
  }
}
