import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginFailures } from '../../db/schema';
import { first, immediate } from '../../db/client';
import { faultAnswer } from '../../db/faults';
import { AppError } from '../../errors';

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

/** Failed log-ins are counted per e-mail and client address; ten in 15 minutes lock that pair for 15 minutes. */
export function lockoutKey(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`;
}

function lockedMessage(lockedUntil: number, now: number): string {
  return `Too many failed log-in attempts. Try again in ${Math.ceil((lockedUntil - now) / 60_000)} minutes.`;
}

type Count = { count: number; firstAt: number; lockedUntil: number | null };

/** The next count of a pair after one more attempt at `now`, or a 429 while the pair is locked. */
function nextCount(row: Count | undefined, now: number): Count {
  if (row?.lockedUntil && row.lockedUntil > now) throw new AppError(429, lockedMessage(row.lockedUntil, now), { code: 'account_locked' });
  const fresh = !row || now - row.firstAt > WINDOW_MS || row.lockedUntil !== null;
  const count = fresh ? 1 : row.count + 1;
  return { count, firstAt: fresh ? now : row.firstAt, lockedUntil: count >= MAX_FAILURES ? now + WINDOW_MS : null };
}

/** Pairs counted in memory while the database refuses writes; bounded, so an outage cannot fill memory. */
const MAX_HELD_PAIRS = 10_000;
const heldByApp = new WeakMap<AppContext, Map<string, Count>>();

/**
 * While the database refuses writes (another process holds its lock, the disk is full), attempts are
 * counted in this process's memory by the same rule, from the stored count, so signing in keeps working
 * and guessing stays bounded; past MAX_HELD_PAIRS the database's own answer (503 or 507) stands.
 */
async function countInMemory(ctx: AppContext, key: string, now: number, fault: Error): Promise<void> {
  const held = heldByApp.get(ctx) ?? new Map<string, Count>();
  heldByApp.set(ctx, held);
  if (!held.has(key) && held.size >= MAX_HELD_PAIRS) throw fault;
  const stored = await first(ctx.db.select().from(loginFailures).where(eq(loginFailures.key, key)));
  held.set(key, nextCount(held.get(key) ?? stored, now));
}

/**
 * Counts a log-in attempt before its password is checked, in one immediate transaction: a locked pair
 * is refused (429), else the attempt takes one of the ten places, and the tenth locks the pair. So
 * parallel guesses are never all checked against the same count. A successful log-in clears the count.
 */
export async function countAttempt(ctx: AppContext, key: string): Promise<void> {
  const now = ctx.now().getTime();
  try {
    await countInDatabase(ctx, key, now);
  } catch (error) {
    const fault = faultAnswer(error);
    if (!fault) throw error;
    await countInMemory(ctx, key, now, fault);
  }
}

async function countInDatabase(ctx: AppContext, key: string, now: number): Promise<void> {
  await immediate(ctx.db, async (tx) => {
    const row = await first(tx.select().from(loginFailures).where(eq(loginFailures.key, key)));
    const values = nextCount(row, now);
    await tx
      .insert(loginFailures)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: loginFailures.key, set: values });
  });
}

/**
 * A successful sign-in clears its pair's count. While writes are refused the stored count stays (it
 * expires with its window): the sign-in itself must not fail for it.
 */
export async function clearFailures(ctx: AppContext, key: string): Promise<void> {
  heldByApp.get(ctx)?.delete(key);
  if (!(await first(ctx.db.select({ key: loginFailures.key }).from(loginFailures).where(eq(loginFailures.key, key))))) return;
  try {
    await immediate(ctx.db, (tx) => tx.delete(loginFailures).where(eq(loginFailures.key, key)));
  } catch (error) {
    if (!faultAnswer(error)) throw error;
  }
}
