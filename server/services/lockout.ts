import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loginFailures } from '../db/schema';
import { AppError } from '../errors';

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

/** Failed log-ins are counted per e-mail and client address; ten in 15 minutes lock that pair. */
export function lockoutKey(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`;
}

export function assertNotLocked(ctx: AppContext, key: string): void {
  const row = ctx.db.select().from(loginFailures).where(eq(loginFailures.key, key)).get();
  const now = ctx.now().getTime();
  if (row?.lockedUntil && row.lockedUntil > now) {
    const minutes = Math.ceil((row.lockedUntil - now) / 60_000);
    throw new AppError(429, `Too many failed log-in attempts. Try again in ${minutes} minutes.`);
  }
}

export function recordFailure(ctx: AppContext, key: string): void {
  const now = ctx.now().getTime();
  ctx.db.transaction(
    (tx) => {
      const row = tx.select().from(loginFailures).where(eq(loginFailures.key, key)).get();
      const fresh = !row || now - row.firstAt > WINDOW_MS || (row.lockedUntil !== null && row.lockedUntil <= now);
      const count = fresh ? 1 : row.count + 1;
      const values = {
        count,
        firstAt: fresh ? now : row.firstAt,
        lockedUntil: count >= MAX_FAILURES ? now + WINDOW_MS : null,
      };
      tx.insert(loginFailures).values({ key, ...values }).onConflictDoUpdate({ target: loginFailures.key, set: values }).run();
    },
    { behavior: 'immediate' },
  );
}

export function clearFailures(ctx: AppContext, key: string): void {
  ctx.db.delete(loginFailures).where(eq(loginFailures.key, key)).run();
}
