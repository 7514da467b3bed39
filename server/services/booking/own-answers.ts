import { eq, sql } from 'drizzle-orm';
import type { LRUCache } from 'lru-cache';
import type { DbAndClock } from '../deps';
import { first, prepareOnce } from '../../db/client';
import { bookings, flights, payments, users } from '../../db/schema';
import { answerOf, keptAnswers, periodOf, type KeptAnswer } from '../../kept-answer';

/**
 * The count of rows, their highest version and the sum of their versions, as text on both engines.
 * NOTE: on PostgreSQL versions are transaction ids, not in commit order: a row written by a transaction
 * older than the newest one leaves the highest where it was, but moves the sum.
 */
const countAt = (rows: string) =>
  sql.raw(`cast(count(*) as text) || '@' || cast(coalesce(max(${rows}.version), 0) as text) || '+' || cast(coalesce(sum(${rows}.version), 0) as text)`);

/**
 * NOTE: a traveller's own bookings and payments show their rows, their payments, their legs (with the
 * legs' airports) and the traveller's name and e-mail. Every write to one of those gives the row a new
 * version (the sync design: a device pulls by them; a changed airport moves its flights), so one read of
 * the counts, highest versions and sums of versions of those rows says whether an answer kept stands. What time alone
 * changes (a hold that lapses) shows within ANSWER_TTL_MS, as for a flight search. The stamp is read in
 * the database, so it holds with several processes too.
 */
const ownStamp = prepareOnce((q) => {
  // NOTE: named whole, as drizzle leaves a column of the one table selected from unqualified, and a subquery would read its own.
  const user = sql.raw('"users"."id"');
  const own = sql`(select b.id from ${bookings} b where b.user_id = ${user})`;
  const legs = sql`(select b.flight_id from ${bookings} b where b.user_id = ${user} union select b.return_flight_id from ${bookings} b where b.user_id = ${user})`;
  return q
    .select({
      user: users.version,
      bookings: sql<string>`(select ${countAt('b')} from ${bookings} b where b.user_id = ${user})`,
      payments: sql<string>`(select ${countAt('p')} from ${payments} p where p.user_id = ${user} or p.booking_id in ${own})`,
      legs: sql<string>`(select ${countAt('f')} from ${flights} f where f.id in ${legs})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare();
});

type Kept = { answer: KeptAnswer; stamp: string; period: number };
const memories = new WeakMap<DbAndClock, LRUCache<string, Kept>>();

function memoryOf(ctx: DbAndClock): LRUCache<string, Kept> {
  let memory = memories.get(ctx);
  if (!memory) {
    memory = keptAnswers<Kept>();
    memories.set(ctx, memory);
  }
  return memory;
}

/**
 * A traveller's own list (`kind`) as sent: kept in memory per account, built again by `build` only once
 * the rows it shows have changed or its answer period has ended. Memory is bounded (keptAnswers): a crowd
 * of accounts costs at most 16 MB.
 */
export async function ownAnswer(ctx: DbAndClock, kind: 'bookings' | 'payments', userId: string, build: () => Promise<unknown>): Promise<KeptAnswer> {
  const memory = memoryOf(ctx);
  const key = `${kind}|${userId}`;
  const period = periodOf(ctx.now(), key);
  // NOTE: the stamp is read before the list: a write landing in between moves it, so the next request builds again.
  const row = await first(ownStamp(ctx.db).execute({ userId }));
  const stamp = row && `${row.user}|${row.bookings}|${row.payments}|${row.legs}`;
  const kept = memory.get(key);
  if (stamp && kept?.stamp === stamp && kept.period === period) return kept.answer;
  const answer = answerOf(Buffer.from(JSON.stringify(await build())), kept?.answer);
  if (stamp) memory.set(key, { answer, stamp, period });
  return answer;
}
