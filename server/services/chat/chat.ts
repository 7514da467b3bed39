import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Conversation, ConversationStatus, ConversationType } from '../../../sync/schemas/chat';
import type { AppContext } from '../../context';
import { prepareOnce, type Queryable, type Tx } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { notFound } from '../../errors';
import { authorize, may } from '../../policies';
import { listedConversations, toConversationJson, unreadBy, visibleConversations, type ConversationRow } from './chat-view';
import type { UserRow } from '../identity/users';

const conversationById = prepareOnce((q) =>
  q
    .select()
    .from(conversations)
    .where(eq(conversations.id, sql.placeholder('id')))
    .prepare(),
);

/** The conversation when the user takes part in it; anyone else gets a 404, never the data. */
export function conversationFor(q: Queryable, user: UserRow, id: string): ConversationRow {
  const row = conversationById(q).get({ id });
  if (!row) throw notFound('Conversation');
  authorize('conversation.read', user, { name: 'Conversation', ownerId: row.userId });
  return row;
}

/**
 * The caller's open conversation of that type, or a new one (admins start none: mutations/start-conversation.ts).
 * Reusing the open one keeps a caller to one empty conversation; it is listed to nobody until its first
 * message (product rules §9.6).
 */
export function startConversation(tx: Tx, user: UserRow, type: ConversationType, now: Date): { conversation: Conversation; created: boolean } {
  const open = tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, user.id), eq(conversations.type, type), eq(conversations.status, 'open')))
    .orderBy(desc(conversations.createdAt))
    .get();
  if (open) return { conversation: toConversationJson(tx, open, user), created: false };
  const stamp = now.toISOString();
  const row = tx
    .insert(conversations)
    .values({ id: randomUUID(), type, userId: user.id, status: 'open', createdAt: stamp, updatedAt: stamp, version: nextVersion(tx) })
    .returning()
    .get();
  return { conversation: toConversationJson(tx, row, user), created: true };
}

/**
 * The conversation under a client-made id: the caller's own (or any, for an admin) when it exists, else a
 * new one of `type` owned by the caller, created in the caller's transaction. An id that is someone
 * else's conversation is refused as not found, like any conversation the caller does not take part in.
 */
export function conversationOrStart(tx: Queryable, user: UserRow, id: string, type: ConversationType, now: Date): ConversationRow {
  if (conversationById(tx).get({ id })) return conversationFor(tx, user, id);
  authorize('conversation.start', user);
  const stamp = now.toISOString();
  return tx
    .insert(conversations)
    .values({ id, type, userId: user.id, status: 'open', createdAt: stamp, updatedAt: stamp, version: nextVersion(tx) })
    .returning()
    .get();
}

/**
 * Whether the user may attach an image in conversation `id`: one it takes part in, or a new client-made
 * id (a UUID that is no conversation yet) that its first message will start. Else 'Conversation not found'.
 */
export function checkImageConversation(q: Queryable, user: UserRow, id: string): void {
  if (!conversationById(q).get({ id }) && may('conversation.start', user) && z.uuid().safeParse(id).success) return;
  conversationFor(q, user, id);
}

/** Admins see every conversation of the type; anyone else their own; only those with a message. Latest activity first. */
export function listConversations(ctx: AppContext, user: UserRow, type: ConversationType): Conversation[] {
  return ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.type, type), listedConversations(user)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.createdAt))
    .all()
    .map((row) => toConversationJson(ctx.db, row, user));
}

export function setConversationStatus(tx: Tx, admin: UserRow, id: string, status: ConversationStatus, now: Date): ConversationRow {
  const current = conversationFor(tx, admin, id);
  if (current.status === status) return current;
  return tx
    .update(conversations)
    .set({ status, updatedAt: now.toISOString(), version: nextVersion(tx) })
    .where(eq(conversations.id, id))
    .returning()
    .get();
}

/**
 * Marks what the other side wrote as read by the reader's side. The messages and the conversation (its
 * unread count) get a new version. Answers the conversation and how many messages changed.
 */
export function markConversationRead(tx: Tx, user: UserRow, id: string, now: Date): { conversation: ConversationRow; changed: number } {
  const conversation = conversationFor(tx, user, id);
  const unread = unreadBy(user, conversation);
  if (!tx.select({ id: messages.id }).from(messages).where(unread).get()) return { conversation, changed: 0 };
  const stamp = now.toISOString();
  const version = nextVersion(tx);
  const changed = tx.update(messages).set({ readAt: stamp, version }).where(unread).run().changes;
  tx.update(conversations).set({ updatedAt: stamp, version }).where(eq(conversations.id, id)).run();
  return { conversation, changed };
}

/** The other party of a conversation may read a chat image attached to one of its messages. */
export function readsChatImage(q: Queryable, image: { id: string; kind: string }, reader: UserRow): boolean {
  if (image.kind !== 'chat') return false;
  const attached = q
    .select({ id: messages.id })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(and(visibleConversations(reader), eq(messages.imageId, image.id)))
    .get();
  return attached !== undefined;
}
