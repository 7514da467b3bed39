import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { fullAnswer, lockedAnswer, uploadsFullAnswer, WRITE_WAIT_MS } from '../db/faults';

const RETRY_EVERY_MS = 50;

/** POSTs that only read, and sign-in: they go on whatever the disk or the lock. */
const NOT_WRITES = new Set(['/api/sync/pull', '/api/bookings/track', '/api/coupons/validate', '/api/auths/login']);
const UPLOADS = new Set(['/api/images']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In front of every change: on a full disk answers 507 at once (uploads already below twice the
 * floor); while another process holds the database's write lock, waits for it asynchronously, so
 * the event loop keeps serving reads, and answers 503 with Retry-After past WRITE_WAIT_MS.
 */
export function writeGate(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const path = req.baseUrl + req.path;
    if (NOT_WRITES.has(path)) return next();
    if (ctx.machine.diskFull) throw fullAnswer();
    if (UPLOADS.has(path) && ctx.machine.uploadsRefused) throw uploadsFullAnswer();
    if (ctx.machine.writeLockFree()) return next();
    const askedAt = performance.now();
    const deadline = askedAt + WRITE_WAIT_MS;
    do {
      if (performance.now() + RETRY_EVERY_MS > deadline) {
        ctx.metrics.writeWait('gate', (performance.now() - askedAt) / 1000);
        throw lockedAnswer();
      }
      await sleep(RETRY_EVERY_MS);
    } while (!ctx.machine.writeLockFree());
    ctx.metrics.writeWait('gate', (performance.now() - askedAt) / 1000);
    next();
  };
}
