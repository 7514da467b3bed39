import { z } from 'zod';
import { ConversationStatusBodySchema } from '../../sync/schemas/chat';
import { forbidden } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { setConversationStatus as saveStatus } from '../services/chat';
import { toConversationJson } from '../services/chat-view';
import type { UserRow } from '../services/users';
import { defineMutation } from './mutation';

/** Admins only. */
export function maySetConversationStatus(user: UserRow): void {
  if (user.role !== 'admin') throw forbidden();
}

/** Support resolves or reopens a conversation. */
export const setConversationStatus = defineMutation({
  name: 'setConversationStatus',
  args: z.object({ conversationId: z.string().max(64) }).and(ConversationStatusBodySchema),
  permission: maySetConversationStatus,
  run(tx, ctx, admin, { conversationId, status }) {
    const row = saveStatus(tx, admin, conversationId, status, ctx.now());
    return { result: toConversationJson(tx, row, admin), effects: [pokeEffect([row.userId])] };
  },
});
