import type { AppContext } from './context';
import { sweep } from './services/booking/lifecycle';
import { purgeOrphanImagesWhenDue } from './services/images/image-cleanup';
import { purgeSyncHistory } from './services/sync/history-purge';

const SWEEP_INTERVAL_MS = 15_000;

/**
 * Runs the sweep on an interval (and, hourly, the clean-up of unattached images); a failed pass is
 * logged and the next one tries again. A pass is skipped while another process holds the write lock
 * or the disk is full: it would only fail. With several processes on PostgreSQL one of them sweeps
 * (`ctx.database.leads`), so each tick runs once.
 */
export async function startSweeper(ctx: AppContext): Promise<() => void> {
  const run = async () => {
    if (ctx.machine.diskFull || !ctx.machine.writeLockFree()) return;
    try {
      if (!(await ctx.database.leads())) return;
      await sweep(ctx);
      await purgeSyncHistory(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, 'lifecycle sweep failed');
    }
    purgeOrphanImagesWhenDue(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'image clean-up failed'));
  };
  await run();
  const timer = setInterval(() => void run(), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
