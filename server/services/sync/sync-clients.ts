import { and, eq, gte, sql } from 'drizzle-orm';
import type { MutationResult } from '../../../sync/protocol';
import type { DbAndClock } from '../deps';
import { first, immediate, prepareOnce, type Queryable, type Tx } from '../../db/client';
import { lockFor } from '../../db/locks';
import { nextVersion } from '../../db/version';
import { mutationResults, syncClients } from '../../db/schema';
import { forbidden } from '../../errors';
import { authorize } from '../../policies';
import type { UserRow } from '../../actor';

// NOTE: every push and pull runs these, so they are prepared once per connection.
const clientById = prepareOnce((q) =>
  q
    .select()
    .from(syncClients)
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare(),
);
const insertClient = prepareOnce((q) =>
  q
    .insert(syncClients)
    .values({
      clientId: sql.placeholder('clientId'),
      userId: sql.placeholder('userId'),
      createdAt: sql.placeholder('stamp'),
      updatedAt: sql.placeholder('stamp'),
    })
    .onConflictDoNothing()
    .prepare(),
);
const setLastMutation = prepareOnce((q) =>
  q
    .update(syncClients)
    .set({ lastMutationId: sql`${sql.placeholder('mutationId')}`, version: sql`${sql.placeholder('version')}`, updatedAt: sql`${sql.placeholder('stamp')}` })
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare(),
);
const resultsFrom = prepareOnce((q) =>
  q
    .select({ mutationId: mutationResults.mutationId, code: mutationResults.code, message: mutationResults.message })
    .from(mutationResults)
    .where(and(eq(mutationResults.clientId, sql.placeholder('clientId')), gte(mutationResults.mutationId, sql.placeholder('from'))))
    .prepare(),
);

export type SyncClientRow = typeof syncClients.$inferSelect;

export async function findClient(q: Queryable, clientId: string): Promise<SyncClientRow | undefined> {
  return await first(clientById(q).execute({ clientId }));
}

/** Binds a client id to its user on first sight; another user's client id is refused. */
export async function claimClient(ctx: DbAndClock, user: UserRow, clientId: string): Promise<number> {
  let client = await findClient(ctx.db, clientId);
  if (!client) {
    await immediate(ctx.db, (tx) => insertClient(tx).execute({ clientId, userId: user.id, stamp: ctx.now().toISOString() }));
    client = await findClient(ctx.db, clientId);
  }
  if (!client) throw forbidden();
  authorize('sync.client', user, { name: 'Sync client', ownerId: client.userId });
  return client.lastMutationId;
}

/**
 * Moves the client past `mutationId` when it is next; false when it was applied already. The client's row
 * is locked first: two pushes of one client running side by side (PostgreSQL) apply a mutation once.
 */
export async function advanceClient(tx: Tx, clientId: string, mutationId: number, stamp: string): Promise<boolean> {
  await lockFor(tx, { syncClient: clientId });
  const client = await findClient(tx, clientId);
  if (!client || client.lastMutationId >= mutationId) return false;
  await setLastMutation(tx).execute({ clientId, mutationId, stamp, version: await nextVersion(tx) });
  return true;
}

/** The stored rejections of the client's mutations from `from` on. */
export async function storedResults(q: Queryable, clientId: string, from: number): Promise<MutationResult[]> {
  return await resultsFrom(q).execute({ clientId, from });
}
