import { and, eq, getTableColumns, gt } from 'drizzle-orm';
import { SyncChangesSchema, type SyncChanges } from '../../../sync/protocol';
import { inTurn, type Queryable } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { listedConversations, toConversationJson, toMessageJson, visibleConversations } from './chat-view';
import type { UserRow } from '../identity/users';

/** Conversations and messages changed since `since` that the user may see: own ones, all for admins; none without a message. */
export async function chatChanges(q: Queryable, user: UserRow, since: number): Promise<Pick<SyncChanges, 'conversations' | 'messages'>> {
  const visible = visibleConversations(user);
  return {
    conversations: await inTurn(
      await q
        .select()
        .from(conversations)
        .where(and(gt(conversations.version, since), listedConversations(user))),
      (row) => toConversationJson(q, row, user),
    ),
    messages: (
      await q
        .select(getTableColumns(messages))
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(gt(messages.version, since), visible))
    ).map(toMessageJson),
  };
}

/** A guest chat token syncs its own conversations and messages and nothing else. */
export async function guestChanges(q: Queryable, guest: UserRow, since: number): Promise<SyncChanges> {
  return { ...SyncChangesSchema.parse({}), ...(await chatChanges(q, guest, since)) };
}

export const CHAT_TABLES = new Set<string>(['conversations', 'messages']);
