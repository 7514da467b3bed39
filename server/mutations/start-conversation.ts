import { ConversationStartBodySchema } from '../../sync/schemas/chat';
import { authorize } from '../policies';
import { startConversation as openConversation } from '../services/chat/chat';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'conversation.start': travellers and guests; admins are the support side and start none. */
export function mayStartConversation(user: UserRow): void {
  authorize('conversation.start', user);
}

/** The caller's open conversation of that type, or a new one, listed to nobody until its first message (product rules §9.6). */
export const startConversation = defineMutation({
  name: 'startConversation',
  args: ConversationStartBodySchema,
  locks: (_args, user) => ({ accounts: [user.id] }),
  permission: mayStartConversation,
  async run(tx, deps, user, { type }) {
    return { result: await openConversation(tx, user, type, deps.now()), effects: [] };
  },
});
