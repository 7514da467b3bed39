import { CHAT_EVENTS, ChatClientEventSchema } from '../../sync/schemas/chat';
import type { AppContext } from '../context';
import { markConversationRead } from '../mutations/mark-conversation-read';
import { runMutation } from '../mutations/run';
import { conversationFor } from '../services/chat/chat';
import type { ConversationRow } from '../services/chat/chat-view';
import type { UserRow } from '../actor';
import { findUserById } from '../services/identity/users';
import { conversationRooms, type RealtimeSocket } from './rooms';

/**
 * The chat's client events. Each payload is parsed and checked against the socket's own user (from its
 * token); an event about a conversation the user is not part of is dropped without an answer.
 * NOTE: there is deliberately no `login` handler: rooms are joined from the token at the handshake.
 */
export function attachChatEvents(ctx: AppContext, socket: RealtimeSocket): void {
  const { userId } = socket.data;

  async function withConversation(raw: unknown, handle: (user: UserRow, conversation: ConversationRow) => void): Promise<void> {
    const parsed = ChatClientEventSchema.safeParse(raw);
    if (!parsed.success) return;
    try {
      const user = await findUserById(ctx.db, userId);
      if (!user) return;
      handle(user, await conversationFor(ctx.db, user, parsed.data.conversationId));
    } catch (error) {
      // A missing or foreign conversation is a 404 AppError: ignored, like a malformed payload.
      if (!(error instanceof Error) || !('status' in error)) ctx.log.warn({ err: error }, 'chat socket event failed');
    }
  }

  const typing = (isTyping: boolean) => (raw: unknown) =>
    withConversation(raw, (_user, conversation) => {
      socket.to(conversationRooms(conversation.userId)).emit(CHAT_EVENTS.typing, { conversationId: conversation.id, isTyping, userId });
    });

  socket.on(CHAT_EVENTS.typing, typing(true));
  socket.on(CHAT_EVENTS.stopTyping, typing(false));
  socket.on(CHAT_EVENTS.markAsRead, (raw: unknown) =>
    withConversation(raw, (user, conversation) => void runMutation(ctx, markConversationRead, user, { conversationId: conversation.id })),
  );
}
