import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ConversationType, Message, MessagePage } from '../../../sync/schemas/chat';
import type { DbAndClock } from '../deps';
import { first, prepareOnce, type Queryable, type Tx } from '../../db/client';
import { conversations, images, messages } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { conflict, invalidField } from '../../errors';
import { contactEmail } from './chat-guests';
import { guestMailDue } from './chat-mail';
import { conversationFor, conversationOrStart } from './chat';
import { toMessageJson, type ConversationRow } from './chat-view';
import { resendRecentMessages } from './recent-messages';
import type { UserRow } from '../../actor';
import { findUserById } from '../identity/users';

// NOTE: every chat message runs these, so they are prepared once per connection.
const messageById = prepareOnce((q) =>
  q
    .select()
    .from(messages)
    .where(eq(messages.id, sql.placeholder('id')))
    .prepare(),
);
const insertMessage = prepareOnce((q) =>
  q
    .insert(messages)
    .values({
      id: sql.placeholder('id'),
      conversationId: sql.placeholder('conversationId'),
      senderId: sql.placeholder('senderId'),
      content: sql.placeholder('content'),
      imageId: sql.placeholder('imageId'),
      type: sql.placeholder('type'),
      createdAt: sql.placeholder('createdAt'),
      version: sql.placeholder('version'),
    })
    .returning()
    .prepare(),
);
/** Opens the conversation at its new last message; the guest mail stamp only moves when a mail goes. */
const touchConversation = prepareOnce((q) =>
  q
    .update(conversations)
    .set({
      status: 'open',
      lastMessageAt: sql`${sql.placeholder('lastMessageAt')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
      version: sql`${sql.placeholder('version')}`,
      lastGuestMailAt: sql`coalesce(${sql.placeholder('mailedAt')}, ${conversations.lastGuestMailAt})`,
    })
    .where(eq(conversations.id, sql.placeholder('id')))
    .prepare(),
);

export type SendInput = {
  _id?: string | undefined;
  conversationId: string;
  content: string;
  image?: string | null | undefined;
  /** The first message of a conversation the client made: it is created under `conversationId`. */
  startAs?: ConversationType | undefined;
};

/** Accepts '/api/images/{id}' or a bare id; only the sender's own chat image may be attached. */
async function chatImageOf(q: Queryable, sender: UserRow, ref: string): Promise<string> {
  const id = ref.split('/').pop() ?? ref;
  const image = await first(q.select().from(images).where(eq(images.id, id)));
  if (!image || image.kind !== 'chat' || image.ownerId !== sender.id) throw invalidField('No image found', 'image', 'invalid_image');
  return image.id;
}

/** Strictly after the conversation's last message, so messages sent in one millisecond keep their order. */
function nextCreatedAt(conversation: ConversationRow, now: Date): string {
  const last = conversation.lastMessageAt ? Date.parse(conversation.lastMessageAt) : 0;
  return new Date(Math.max(now.getTime(), last + 1)).toISOString();
}

export type Sent = { message: Message; conversation: ConversationRow; created: boolean; mailTo: { email: string } | null };

/**
 * Stores a message once: a replay of the same id by its sender answers the stored message. A message
 * reopens a resolved conversation. A support reply to a guest with no connected device is e-mailed at
 * most once per conversation per 10 minutes; the decision is taken in the same transaction.
 */
export async function storeMessage(tx: Tx, sender: UserRow, input: SendInput, now: Date, isConnected: (userId: string) => boolean): Promise<Sent> {
  if (input._id) {
    const stored = await first(messageById(tx).execute({ id: input._id }));
    if (stored) {
      if (stored.senderId !== sender.id || stored.conversationId !== input.conversationId) throw conflict('This message id is already in use');
      return { message: toMessageJson(stored), conversation: await conversationFor(tx, sender, stored.conversationId), created: false, mailTo: null };
    }
  }
  const conversation = input.startAs
    ? await conversationOrStart(tx, sender, input.conversationId, input.startAs, now)
    : await conversationFor(tx, sender, input.conversationId);
  const imageId = input.image ? await chatImageOf(tx, sender, input.image) : null;
  const createdAt = nextCreatedAt(conversation, now);
  const version = await nextVersion(tx);
  if (conversation.status !== 'open') await resendRecentMessages(tx, conversation.id, version);
  const row = await first(
    insertMessage(tx).execute({
      id: input._id ?? randomUUID(),
      conversationId: conversation.id,
      senderId: sender.id,
      content: input.content.trim(),
      imageId,
      type: conversation.type,
      createdAt,
      version,
    }),
  );
  if (!row) throw new Error('message insert returned nothing');
  const owner = await findUserById(tx, conversation.userId);
  const mailGuest =
    sender.id !== conversation.userId &&
    owner?.role === 'guest' &&
    owner.emailVerifiedAt !== null &&
    !isConnected(owner.id) &&
    guestMailDue(conversation.lastGuestMailAt, now);
  await touchConversation(tx).execute({
    id: conversation.id,
    lastMessageAt: createdAt,
    updatedAt: now.toISOString(),
    version,
    mailedAt: mailGuest ? now.toISOString() : null,
  });
  return { message: toMessageJson(row), conversation, created: true, mailTo: mailGuest && owner ? { email: contactEmail(owner) } : null };
}

/** The newest `limit` messages before `before` (all when absent), oldest first. */
export async function listMessages(
  ctx: DbAndClock,
  user: UserRow,
  conversationId: string,
  page: { before?: string | undefined; limit: number },
): Promise<MessagePage> {
  const conversation = await conversationFor(ctx.db, user, conversationId);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), page.before ? lt(messages.createdAt, new Date(page.before).toISOString()) : undefined))
    .orderBy(desc(messages.createdAt))
    .limit(page.limit + 1);
  return { messages: rows.slice(0, page.limit).reverse().map(toMessageJson), hasMore: rows.length > page.limit };
}
