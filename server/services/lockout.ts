import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loginFailures } from '../db/schema';
import { immediate } from '../db/client';
import { AppError } from '../errors';

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

/** Failed log-ins are counted per e-mail and client address; ten in 15 minutes lock that pair for 15 minutes. */
export function lockoutKey(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`;
}

function lockedMessage(lockedUntil: number, now: number): string {
  return `Too many failed log-in attempts. Try again in ${Math.ceil((lockedUntil - now) / 60_000)} minutes.`;
}

/**
 * Counts a log-in attempt before its password is checked, in one immediate transaction: a locked pair
 * is refused (429), else the attempt takes one of the ten places, and the tenth locks the pair. So
 * parallel guesses are never all checked against the same count. A successful log-in clears the count.
 */
export function countAttempt(ctx: AppContext, key: string): void {
  const now = ctx.now().getTime();
  immediate(ctx.db, (tx) => {
    const row = tx.select().from(loginFailures).where(eq(loginFailures.key, key)).get();
    if (row?.lockedUntil && row.lockedUntil > now) throw new AppError(429, lockedMessage(row.lockedUntil, now));
    const fresh = !row || now - row.firstAt > WINDOW_MS || row.lockedUntil !== null;
    const count = fresh ? 1 : row.count + 1;
    const values = { count, firstAt: fresh ? now : row.firstAt, lockedUntil: count >= MAX_FAILURES ? now + WINDOW_MS : null };
    tx.insert(loginFailures).values({ key, ...values }).onConflictDoUpdate({ target: loginFailures.key, set: values }).run();
  });
}

/** Only a row that exists is deleted: a sign-in writes nothing otherwise, so it works while writes are refused. */
export function clearFailures(ctx: AppContext, key: string): void {
  if (!ctx.db.select({ key: loginFailures.key }).from(loginFailures).where(eq(loginFailures.key, key)).get()) return;
  ctx.db.delete(loginFailures).where(eq(loginFailures.key, key)).run();
}
