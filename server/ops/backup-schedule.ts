import type Database from 'better-sqlite3';
import type { AppContext } from '../context';
import { listBackups, stampTime, takeBackup } from './backup';

export type BackupSchedule = { everyMs: number; checkEveryMs: number };
export const DAILY: BackupSchedule = { everyMs: 24 * 3_600_000, checkEveryMs: 3_600_000 };

/**
 * The server's own daily backup. NOTE: an hourly check takes one when the newest backup is a day old,
 * rather than a 24-hour timer, so a server restarted more often than daily still backs up every day.
 * The timer is unref'd (it never keeps the process alive); `stop` clears it and waits for a backup
 * in progress, so the database is closed only after it.
 */
export function scheduleBackups(ctx: AppContext, sqlite: Database.Database, schedule: BackupSchedule = DAILY): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const due = () => {
    const newest = listBackups(ctx.dataDir).at(-1);
    return !newest || ctx.now().getTime() - stampTime(newest) >= schedule.everyMs;
  };
  const tick = () => {
    if (running || !due()) return;
    running = takeBackup(sqlite, ctx.dataDir, ctx.now())
      .then(
        (result) => ctx.log.info({ backup: result.dir, bookings: result.bookings, images: result.images, pruned: result.pruned.length }, 'backup written'),
        (error: unknown) => ctx.log.error({ err: error }, 'backup failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, schedule.checkEveryMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
