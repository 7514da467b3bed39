import { and, desc, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Conversation, Message } from '../../../sync/schemas/chat';
import { first, type Queryable } from '../../db/client';
import { conversations, messages, users } from '../../db/schema';
import { visibleRows } from '../../policies';
import { imageUrl } from '../images/images';
import type { UserRow } from '../../actor';
import { contactEmail } from './chat-guests';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** How support appears to a traveller: one team, not the admin who happened to answer. */
export const SUPPORT_PARTY = { _id: 'support', fullName: 'SkyWay Support' } as const;

/** The conversations a user may see ('conversation.read'): admins all of them, everyone else their own. */
export function visibleConversations(user: UserRow): SQL | undefined {
  return visibleRows('conversation.read', user, conversations.userId);
}

/**
 * The conversations a user's lists and pulls show (product rules §9.6): the visible ones that have a
 * message. One started and never written in (or left empty by an earlier version) is listed to nobody.
 */
export function listedConversations(user: UserRow): SQL | undefined {
  return and(visibleConversations(user), isNotNull(conversations.lastMessageAt));
}

/** Messages that the viewer's side has not read: from the other side, with no read time. */
export function unreadBy(viewer: UserRow, conversation: ConversationRow): SQL | undefined {
  const fromOtherSide = viewer.id === conversation.userId ? ne(messages.senderId, conversation.userId) : eq(messages.senderId, conversation.userId);
  return and(eq(messages.conversationId, conversation.id), isNull(messages.readAt), fromOtherSide);
}

export function toMessageJson(row: MessageRow): Message {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    sender: row.senderId,
    content: row.content,
    image: row.imageId ? imageUrl(row.imageId) : null,
    type: row.type,
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

/**
 * A conversation as its viewer sees it: the other party, the last message and what is unread for them.
 * Support sees the traveller's own e-mail address, a guest's as typed (never its stored form).
 */
export async function toConversationJson(q: Queryable, row: ConversationRow, viewer: UserRow): Promise<Conversation> {
  const owner = await first(
    q.select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role }).from(users).where(eq(users.id, row.userId)),
  );
  const last = await first(
    q
      .select({ content: messages.content, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, row.id))
      .orderBy(desc(messages.createdAt))
      .limit(1),
  );
  const unread = await q.$count(messages, unreadBy(viewer, row));
  const ownView = viewer.id === row.userId;
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    otherUser: ownView ? { ...SUPPORT_PARTY } : { _id: row.userId, fullName: owner?.fullName ?? 'Unknown', ...(owner && { email: contactEmail(owner) }) },
    isGuest: owner?.role === 'guest',
    lastMessage: last ?? null,
    unreadCount: unread,
    userId: row.userId,
    createdAt: row.createdAt,
  };
}
