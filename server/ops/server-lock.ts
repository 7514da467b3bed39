import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * DATA_DIR/server.pid: written when the server listens, removed when it closes. A server killed
 * with SIGKILL leaves it behind; its pid is then dead, so a stale file never blocks anything.
 */
const LockSchema = z.object({ pid: z.number().int().positive(), url: z.string(), startedAt: z.string() });
export type ServerLock = z.infer<typeof LockSchema>;

export function lockFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

export function writeServerLock(dataDir: string, url: string, now: Date = new Date()): void {
  const lock: ServerLock = { pid: process.pid, url, startedAt: now.toISOString() };
  const temp = `${lockFile(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(lock)}\n`);
  renameSync(temp, lockFile(dataDir));
}

function readLock(dataDir: string): ServerLock | undefined {
  let text: string;
  try {
    text = readFileSync(lockFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = LockSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the lock only when this process wrote it (another server may have taken the folder over). */
export function releaseServerLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) rmSync(lockFile(dataDir), { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server using this DATA_DIR right now, if any: a lock whose pid is alive. */
export function runningServer(dataDir: string): ServerLock | undefined {
  const lock = readLock(dataDir);
  return lock && isAlive(lock.pid) ? lock : undefined;
}
