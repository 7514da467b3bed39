import { and, count, eq, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Conversation, Message } from '../../../sync/schemas/chat';
import type { Queryable } from '../../db/client';
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

/**
 * Messages from the side other than the viewer's, in a conversation owned by `owner`: the owner's when the
 * viewer is not the owner (an admin), everyone else's when it is. `owner` is the conversation's user id, or
 * the column of the conversation joined to the messages (for many conversations at once).
 */
function fromOtherSide(viewer: UserRow, owner: string | typeof conversations.userId): SQL | undefined {
  const fromOwner = eq(messages.senderId, owner);
  const fromOthers = ne(messages.senderId, owner);
  if (typeof owner === 'string') return viewer.id === owner ? fromOthers : fromOwner;
  return or(and(eq(owner, viewer.id), fromOthers), and(ne(owner, viewer.id), fromOwner));
}

/** Messages that the viewer's side has not read: from the other side, with no read time. */
export function unreadBy(viewer: UserRow, conversation: ConversationRow): SQL | undefined {
  return and(eq(messages.conversationId, conversation.id), isNull(messages.readAt), fromOtherSide(viewer, conversation.userId));
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
 * Conversations as their viewer sees them: the other party, the last message and what is unread for them.
 * Support sees the traveller's own e-mail address, a guest's as typed (never its stored form). Three
 * statements for the lot, not three each: a page of an admin's list or pull (inParts bounds its size).
 */
export async function toConversationsJson(q: Queryable, rows: readonly ConversationRow[], viewer: UserRow): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // A conversation's messages are stamped strictly later one after the other, and last_message_at is the
  // newest one's (chat-messages.ts): one index seek each finds the last message.
  const [ownerRows, lastRows, unreadRows] = await Promise.all([
    q
      .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))])),
    q
      .select({ conversationId: messages.conversationId, content: messages.content, createdAt: messages.createdAt })
      .from(messages)
      .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), eq(messages.createdAt, conversations.lastMessageAt)))
      .where(inArray(messages.conversationId, ids)),
    q
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(inArray(messages.conversationId, ids), isNull(messages.readAt), fromOtherSide(viewer, conversations.userId)))
      .groupBy(messages.conversationId),
  ]);
  const owners = new Map(ownerRows.map((owner) => [owner.id, owner]));
  const last = new Map(lastRows.map(({ conversationId, ...message }) => [conversationId, message]));
  const unread = new Map(unreadRows.map((row) => [row.conversationId, row.n]));
  return rows.map((row) => {
    const owner = owners.get(row.userId);
    const ownView = viewer.id === row.userId;
    return {
      _id: row.id,
      type: row.type,
      status: row.status,
      otherUser: ownView ? { ...SUPPORT_PARTY } : { _id: row.userId, fullName: owner?.fullName ?? 'Unknown', ...(owner && { email: contactEmail(owner) }) },
      isGuest: owner?.role === 'guest',
      lastMessage: last.get(row.id) ?? null,
      unreadCount: unread.get(row.id) ?? 0,
      userId: row.userId,
      createdAt: row.createdAt,
    };
  });
}

/** One conversation as its viewer sees it (toConversationsJson). */
export async function toConversationJson(q: Queryable, row: ConversationRow, viewer: UserRow): Promise<Conversation> {
  const [shown] = await toConversationsJson(q, [row], viewer);
  if (!shown) throw new Error('a conversation shown as none');
  return shown;
}
