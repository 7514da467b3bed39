import { ConversationStartBodySchema } from '../../sync/schemas/chat';
import { AppError } from '../errors';
import { ADMIN_CANNOT_START, startConversation as openConversation } from '../services/chat';
import type { UserRow } from '../services/users';
import { defineMutation } from './mutation';

/** Travellers and guests; admins are the support side and start none. */
export function mayStartConversation(user: UserRow): void {
  if (user.role === 'admin') throw new AppError(403, ADMIN_CANNOT_START);
}

/** The caller's open conversation of that type, or a new one. */
export const startConversation = defineMutation({
  name: 'startConversation',
  args: ConversationStartBodySchema,
  permission: mayStartConversation,
  run(tx, ctx, user, { type }) {
    return { result: openConversation(tx, user, type, ctx.now()), effects: [] };
  },
});
