import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Conversation, ConversationListQuery, ConversationStatus, ConversationType } from '../../../sync/schemas/chat';
import type { DbAndClock } from '../deps';
import { first, only, prepareOnce, type Queryable, type Tx } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { notFound } from '../../errors';
import { authorize, may } from '../../policies';
import { listedConversations, toConversationJson, toConversationsJson, unreadBy, visibleConversations, type ConversationRow } from './chat-view';
import { resendRecentMessages } from './recent-messages';
import type { UserRow } from '../../actor';

const conversationById = prepareOnce((q) =>
  q
    .select()
    .from(conversations)
    .where(eq(conversations.id, sql.placeholder('id')))
    .prepare(),
);

/** The conversation when the user takes part in it; anyone else gets a 404, never the data. */
export async function conversationFor(q: Queryable, user: UserRow, id: string): Promise<ConversationRow> {
  const row = await first(conversationById(q).execute({ id }));
  if (!row) throw notFound('Conversation');
  authorize('conversation.read', user, { name: 'Conversation', ownerId: row.userId });
  return row;
}

/**
 * The caller's open conversation of that type, or a new one (admins start none: mutations/start-conversation.ts).
 * Reusing the open one keeps a caller to one empty conversation; it is listed to nobody until its first
 * message (product rules §9.6).
 */
export async function startConversation(tx: Tx, user: UserRow, type: ConversationType, now: Date): Promise<{ conversation: Conversation; created: boolean }> {
  const open = await first(
    tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.userId, user.id), eq(conversations.type, type), eq(conversations.status, 'open')))
      .orderBy(desc(conversations.createdAt)),
  );
  if (open) return { conversation: await toConversationJson(tx, open, user), created: false };
  const stamp = now.toISOString();
  const row = await only(
    tx
      .insert(conversations)
      .values({ id: randomUUID(), type, userId: user.id, status: 'open', createdAt: stamp, updatedAt: stamp, version: await nextVersion(tx) })
      .returning(),
  );
  return { conversation: await toConversationJson(tx, row, user), created: true };
}

/**
 * The conversation under a client-made id: the caller's own (or any, for an admin) when it exists, else a
 * new one of `type` owned by the caller, created in the caller's transaction. An id that is someone
 * else's conversation is refused as not found, like any conversation the caller does not take part in.
 */
export async function conversationOrStart(tx: Tx, user: UserRow, id: string, type: ConversationType, now: Date): Promise<ConversationRow> {
  if (await first(conversationById(tx).execute({ id }))) return conversationFor(tx, user, id);
  authorize('conversation.start', user);
  const stamp = now.toISOString();
  return await only(
    tx
      .insert(conversations)
      .values({ id, type, userId: user.id, status: 'open', createdAt: stamp, updatedAt: stamp, version: await nextVersion(tx) })
      .returning(),
  );
}

/**
 * Whether the user may attach an image in conversation `id`: one it takes part in, or a new client-made
 * id (a UUID that is no conversation yet) that its first message will start. Else 'Conversation not found'.
 */
export async function checkImageConversation(q: Queryable, user: UserRow, id: string): Promise<void> {
  if (!(await first(conversationById(q).execute({ id }))) && may('conversation.start', user) && z.uuid().safeParse(id).success) return;
  await conversationFor(q, user, id);
}

/** Admins see every conversation of the type; anyone else their own; only those with a message. Latest activity first, a page at a time. */
export async function listConversations(
  ctx: DbAndClock,
  user: UserRow,
  type: ConversationType,
  query: ConversationListQuery,
): Promise<{ items: Conversation[]; total: number }> {
  const where = and(eq(conversations.type, type), listedConversations(user));
  const total = await ctx.db.$count(conversations, where);
  const rows = await ctx.db
    .select()
    .from(conversations)
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items: await toConversationsJson(ctx.db, rows, user), total };
}

export async function setConversationStatus(tx: Tx, admin: UserRow, id: string, status: ConversationStatus, now: Date): Promise<ConversationRow> {
  const current = await conversationFor(tx, admin, id);
  if (current.status === status) return current;
  const version = await nextVersion(tx);
  if (status === 'open') await resendRecentMessages(tx, id, version);
  return await only(tx.update(conversations).set({ status, updatedAt: now.toISOString(), version }).where(eq(conversations.id, id)).returning());
}

/**
 * Marks what the other side wrote as read by the reader's side. The messages and the conversation (its
 * unread count) get a new version. Answers the conversation and how many messages changed.
 */
export async function markConversationRead(tx: Tx, user: UserRow, id: string, now: Date): Promise<{ conversation: ConversationRow; changed: number }> {
  const conversation = await conversationFor(tx, user, id);
  const unread = unreadBy(user, conversation);
  if (!(await first(tx.select({ id: messages.id }).from(messages).where(unread)))) return { conversation, changed: 0 };
  const stamp = now.toISOString();
  const version = await nextVersion(tx);
  // The rows a write returns count them on both engines (SQLite's run result has `changes`, PostgreSQL's `rowCount`).
  const changed = (await tx.update(messages).set({ readAt: stamp, version }).where(unread).returning({ id: messages.id })).length;
  await tx.update(conversations).set({ updatedAt: stamp, version }).where(eq(conversations.id, id));
  return { conversation, changed };
}

/** The other party of a conversation may read a chat image attached to one of its messages. */
export async function readsChatImage(q: Queryable, image: { id: string; kind: string }, reader: UserRow): Promise<boolean> {
  if (image.kind !== 'chat') return false;
  const attached = await first(
    q
      .select({ id: messages.id })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .where(and(visibleConversations(reader), eq(messages.imageId, image.id))),
  );
  return attached !== undefined;
}
