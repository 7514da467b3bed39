import { eq, inArray } from 'drizzle-orm';
import { ipKeyGenerator } from 'express-rate-limit';
import type { ErrorCode } from '../../../sync/error-codes';
import type { DbAndClock } from '../deps';
import { loginFailures } from '../../db/schema';
import { first, immediate, type Tx } from '../../db/client';
import { faultAnswer } from '../../db/faults';
import { AppError } from '../../errors';

/** Per e-mail and client address: ten failures in 15 minutes lock the pair for 15 minutes. */
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Per account, from any address: after 20 failures within a day each further attempt waits, 1 s after
 * the 20th, then twice as long after each next failure, up to 15 minutes. A delay, never a lock that
 * outlasts it, so a stranger cannot shut the owner out for good; a successful sign-in clears it.
 */
const ACCOUNT_FREE_FAILURES = 20;
const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
const ACCOUNT_FIRST_DELAY_MS = 1000;
const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;

/**
 * The counts a log-in attempt takes: its e-mail and client address (an IPv6 address by its /56, which
 * one subscriber gets whole; an IPv4-mapped one as IPv4), and its account, whatever the address. An
 * unknown e-mail is counted the same way, so the answers tell nobody whether an account exists.
 */
export type AttemptKeys = { pair: string; account: string };

export function attemptKeys(email: string, ip: string): AttemptKeys {
  const address = email.toLowerCase();
  return { pair: `${address}|${ipKeyGenerator(ip)}`, account: accountKey(address) };
}

const accountKey = (email: string) => `account:${email.toLowerCase()}`;

/**
 * A password reset proves the owner holds the mailbox: the delay that guesses from anywhere put on the
 * account ends with it, so nobody can keep an owner out by guessing every few minutes.
 */
export async function clearAccountDelay(tx: Tx, email: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}

/** '15 minutes', '2 seconds', '1 second'. */
function waitText(ms: number): string {
  const [n, unit] = ms >= 60_000 ? [Math.ceil(ms / 60_000), 'minute'] : [Math.ceil(ms / 1000), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

type Count = { count: number; firstAt: number; lockedUntil: number | null };

/** One kind of count: when its row refuses an attempt (429), and its next row after one more attempt. */
type Rule = { refusal: (wait: string) => string; code: ErrorCode; next: (row: Count | undefined, now: number) => Count };

const PAIR: Rule = {
  refusal: (wait) => `Too many failed log-in attempts. Try again in ${wait}.`,
  code: 'account_locked',
  next(row, now) {
    const fresh = !row || now - row.firstAt > WINDOW_MS || row.lockedUntil !== null;
    const count = fresh ? 1 : row.count + 1;
    return { count, firstAt: fresh ? now : row.firstAt, lockedUntil: count >= MAX_FAILURES ? now + WINDOW_MS : null };
  },
};

const ACCOUNT: Rule = {
  refusal: (wait) => `Too many failed log-in attempts for this account. Try again in ${wait}.`,
  code: 'account_throttled',
  next(row, now) {
    const fresh = !row || now - row.firstAt > ACCOUNT_WINDOW_MS;
    const count = fresh ? 1 : row.count + 1;
    const over = count - ACCOUNT_FREE_FAILURES;
    const delay = over < 0 ? null : Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** over, ACCOUNT_MAX_DELAY_MS);
    return { count, firstAt: fresh ? now : row.firstAt, lockedUntil: delay === null ? null : now + delay };
  },
};

/** The next count of a key after one more attempt at `now`, or a 429 while the key is locked. */
function nextCount(rule: Rule, row: Count | undefined, now: number): Count {
  if (row?.lockedUntil && row.lockedUntil > now) throw new AppError(429, rule.refusal(waitText(row.lockedUntil - now)), { code: rule.code });
  return rule.next(row, now);
}

const countsOf = (keys: AttemptKeys): [string, Rule][] => [
  [keys.pair, PAIR],
  [keys.account, ACCOUNT],
];

const storedCount = (ctx: DbAndClock, key: string) => first(ctx.db.select().from(loginFailures).where(eq(loginFailures.key, key)));

/** Keys counted in memory while the database refuses writes; bounded, so an outage cannot fill memory. */
const MAX_HELD_PAIRS = 10_000;
const heldByApp = new WeakMap<DbAndClock, Map<string, Count>>();

/**
 * While the database refuses writes (another process holds its lock, the disk is full), attempts are
 * counted in this process's memory by the same rules, from the stored counts, so signing in keeps working
 * and guessing stays bounded; past MAX_HELD_PAIRS the database's own answer (503 or 507) stands.
 */
async function countInMemory(ctx: DbAndClock, keys: AttemptKeys, now: number, fault: Error): Promise<void> {
  const held = heldByApp.get(ctx) ?? new Map<string, Count>();
  heldByApp.set(ctx, held);
  const counts = countsOf(keys);
  const added = counts.filter(([key]) => !held.has(key)).length;
  if (added && held.size + added > MAX_HELD_PAIRS) throw fault;
  const stored = await Promise.all(counts.map(([key]) => storedCount(ctx, key)));
  // Read and written with no await between, so parallel attempts cannot pass on the same count.
  const next = counts.map(([key, rule], i) => [key, nextCount(rule, held.get(key) ?? stored[i], now)] as const);
  for (const [key, count] of next) held.set(key, count);
}

/**
 * Counts a log-in attempt before its password is checked, in one immediate transaction, for its pair and
 * its account: while either is locked the attempt is refused (429) and nothing is counted; else it takes
 * a place in both. So parallel guesses are never all checked against the same count, and spreading them
 * over addresses still meets the account's delay. A successful log-in clears both counts.
 */
export async function countAttempt(ctx: DbAndClock, keys: AttemptKeys): Promise<void> {
  const now = ctx.now().getTime();
  try {
    await countInDatabase(ctx, keys, now);
  } catch (error) {
    const fault = faultAnswer(error);
    if (!fault) throw error;
    await countInMemory(ctx, keys, now, fault);
  }
}

async function countInDatabase(ctx: DbAndClock, keys: AttemptKeys, now: number): Promise<void> {
  await immediate(ctx.db, async (tx) => {
    const next: [string, Count][] = [];
    for (const [key, rule] of countsOf(keys)) {
      const row = await first(tx.select().from(loginFailures).where(eq(loginFailures.key, key)));
      next.push([key, nextCount(rule, row, now)]);
    }
    for (const [key, values] of next) {
      await tx
        .insert(loginFailures)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: loginFailures.key, set: values });
    }
  });
}

/**
 * A successful sign-in clears its pair's and its account's counts. While writes are refused the stored
 * counts stay (they expire with their windows): the sign-in itself must not fail for them.
 */
export async function clearFailures(ctx: DbAndClock, keys: AttemptKeys): Promise<void> {
  const both = [keys.pair, keys.account];
  for (const key of both) heldByApp.get(ctx)?.delete(key);
  const stored = inArray(loginFailures.key, both);
  if (!(await first(ctx.db.select({ key: loginFailures.key }).from(loginFailures).where(stored)))) return;
  try {
    await immediate(ctx.db, (tx) => tx.delete(loginFailures).where(stored));
  } catch (error) {
    if (!faultAnswer(error)) throw error;
  }
}
