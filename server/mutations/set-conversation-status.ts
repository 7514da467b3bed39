import { z } from 'zod';
import { ConversationStatusBodySchema } from '../../sync/schemas/chat';
import { pokeEffect } from '../outbox/effects';
import { setConversationStatus as saveStatus } from '../services/chat/chat';
import { toConversationJson } from '../services/chat/chat-view';
import type { UserRow } from '../actor';
import { authorize } from '../policies';
import { defineMutation } from './mutation';

/** 'conversation.setStatus': admins only. */
export function maySetConversationStatus(user: UserRow): void {
  authorize('conversation.setStatus', user);
}

/** Support resolves or reopens a conversation. */
export const setConversationStatus = defineMutation({
  name: 'setConversationStatus',
  args: z.object({ conversationId: z.string().max(64) }).and(ConversationStatusBodySchema),
  locks: ({ conversationId }) => ({ conversation: conversationId }),
  permission: maySetConversationStatus,
  async run(tx, deps, admin, { conversationId, status }) {
    const row = await saveStatus(tx, admin, conversationId, status, deps.now());
    return { result: await toConversationJson(tx, row, admin), effects: [pokeEffect([row.userId])] };
  },
});
