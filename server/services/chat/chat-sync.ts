import { and, eq, getTableColumns, gt } from 'drizzle-orm';
import { SyncChangesSchema, type SyncChanges } from '../../../sync/protocol';
import type { Queryable } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { listedConversations, toConversationJson, toMessageJson, visibleConversations } from './chat-view';
import type { UserRow } from '../identity/users';

/** Conversations and messages changed since `since` that the user may see: own ones, all for admins; none without a message. */
export function chatChanges(q: Queryable, user: UserRow, since: number): Pick<SyncChanges, 'conversations' | 'messages'> {
  const visible = visibleConversations(user);
  return {
    conversations: q
      .select()
      .from(conversations)
      .where(and(gt(conversations.version, since), listedConversations(user)))
      .all()
      .map((row) => toConversationJson(q, row, user)),
    messages: q
      .select(getTableColumns(messages))
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(gt(messages.version, since), visible))
      .all()
      .map(toMessageJson),
  };
}

/** A guest chat token syncs its own conversations and messages and nothing else. */
export function guestChanges(q: Queryable, guest: UserRow, since: number): SyncChanges {
  return { ...SyncChangesSchema.parse({}), ...chatChanges(q, guest, since) };
}

export const CHAT_TABLES = new Set<string>(['conversations', 'messages']);
