import { ConversationSchema, MessageSchema, MessagesReadEventSchema } from '../../../sync/schemas/chat';
import { fromOtherSide } from './chat-thread';
import { db } from './db';

/**
 * A message pushed over the socket goes straight onto the device, ahead of the pull that follows it.
 * NOTE: only when absent: a row already there came from a pull and is at least as new.
 */
export async function storeIncomingMessage(payload: unknown): Promise<void> {
  const parsed = MessageSchema.safeParse(payload);
  if (!parsed.success) return;
  await db.transaction('rw', db.messages, async () => {
    if (!(await db.messages.get(parsed.data._id))) await db.messages.add(parsed.data);
  });
}

/**
 * `reader` read the conversation (socket `messagesRead`): the other side's messages on the device read
 * now, so their sender sees it at once; the pull that follows brings the server's own time.
 * The traveller's side is the conversation's user; the support side is every admin.
 */
export async function storeMessagesRead(payload: unknown, readAt: string): Promise<void> {
  const parsed = MessagesReadEventSchema.safeParse(payload);
  if (!parsed.success) return;
  const { conversationId, userId: reader } = parsed.data;
  await db.transaction('rw', db.messages, db.conversations, async () => {
    const conversation = await db.conversations.get(conversationId);
    const otherSide = (sender: string) => (conversation ? fromOtherSide(conversation, reader, sender) : sender !== reader);
    await db.messages
      .where('conversationId')
      .equals(conversationId)
      .filter((m) => m.readAt === null && otherSide(m.sender))
      .modify({ readAt });
  });
}

/** A conversation the server answered with (an admin's status change) goes onto the device at once. */
export async function storeConversation(answer: unknown): Promise<void> {
  await db.conversations.put(ConversationSchema.parse(answer));
}
