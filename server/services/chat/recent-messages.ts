import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { RECENT_MESSAGES } from '../../../sync/constants';
import type { Queryable, Tx } from '../../db/client';
import { messages } from '../../db/schema';

const recent = alias(messages, 'recent');

/**
 * Whether a message is among those a device keeps of its conversation (sync/working-set.ts): from the time
 * of the conversation's RECENT_MESSAGES-th newest on, all while it has fewer. That time depends on the
 * conversation alone, so a plan led by the conversations (a traveller's or a guest's pull) reads only those
 * messages through messages_conversation; one led by the changed messages checks each against 50 entries
 * of that index. `conversation`: the conversation's id, a column or a value.
 */
export function amongRecent(q: Queryable, conversation: SQLiteColumn | string): SQL {
  const newest = q
    .select({ at: recent.createdAt })
    .from(recent)
    .where(eq(recent.conversationId, conversation))
    .orderBy(desc(recent.createdAt))
    .limit(1)
    .offset(RECENT_MESSAGES - 1);
  return gte(messages.createdAt, sql`coalesce(${newest}, '')`);
}

/**
 * A conversation that opens again comes back into the working set of admin devices that had let it go,
 * whose cursors are past its messages' versions: its recent messages take `version`, so they come again.
 */
export async function resendRecentMessages(tx: Tx, conversationId: string, version: number): Promise<void> {
  await tx
    .update(messages)
    .set({ version })
    .where(and(eq(messages.conversationId, conversationId), amongRecent(tx, conversationId)));
}
