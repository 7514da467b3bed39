import { MutationArgsSchemas } from '../../sync/protocol';
import { CHAT_EVENTS } from '../../sync/schemas/chat';
import type { Tx } from '../db/client';
import { pokeEffect } from '../outbox/effects';
import { authorize } from '../policies';
import { conversationFor, markConversationRead as markRead } from '../services/chat/chat';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'conversation.markRead': a participant of the conversation; anyone else is told it does not exist. */
export async function mayReadConversation(user: UserRow, args: { conversationId: string }, tx: Tx): Promise<void> {
  authorize('conversation.markRead', user, { name: 'Conversation', ownerId: (await conversationFor(tx, user, args.conversationId)).userId });
}

/** Marks what the other side wrote as read; participants hear `messagesRead` and a poke. Answers how many changed. */
export const markConversationRead = defineMutation({
  name: 'markConversationRead',
  args: MutationArgsSchemas.markConversationRead,
  locks: ({ conversationId }) => ({ conversation: conversationId }),
  permission: mayReadConversation,
  async run(tx, deps, user, { conversationId }) {
    const { conversation, changed } = await markRead(tx, user, conversationId, deps.now());
    const effects =
      changed > 0
        ? [
            {
              type: 'conversation' as const,
              conversationUserId: conversation.userId,
              chat: { event: CHAT_EVENTS.messagesRead, payload: { conversationId, userId: user.id } },
            },
            pokeEffect([conversation.userId]),
          ]
        : [];
    return { result: changed, effects };
  },
});
