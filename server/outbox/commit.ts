import { deferred } from '../db/batching';
import { immediate, type Db, type Tx } from '../db/client';
import type { Effect } from './effects';
import type { Outbox } from './outbox';

/**
 * Runs `work` in one immediate transaction with its effects written to the outbox in the same
 * transaction (on PostgreSQL in the commit's message), and sends them once it has committed; a mail with
 * nowhere to go is stored in that transaction instead (Outbox.storeNow). Nothing here
 * nests: `work` gets the transaction and must not open another.
 */
export async function commitWithEffects<R>(ctx: { db: Db; outbox: Outbox }, work: (tx: Tx) => Promise<{ result: R; effects: Effect[] }>): Promise<R> {
  const { result, recorded } = await immediate(ctx.db, async (tx) => {
    const outcome = await work(tx);
    const toSend = await ctx.outbox.storeNow(tx, outcome.effects);
    return { result: outcome.result, recorded: deferred(tx, () => ctx.outbox.record(tx, toSend)) };
  });
  ctx.outbox.dispatch(await recorded);
  return result;
}
