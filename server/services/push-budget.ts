import type { PushRequest } from '../../sync/protocol';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { DEFAULT_RATE_LIMITS, takeChatSends } from '../middleware/rate-limits';
import { findClient } from './sync-clients';
import type { UserRow } from './users';

/**
 * The batch up to the first new chat message the sender's chatSend budget cannot take; the rest stays
 * in the outbox, in order, for a later push. When not even the first mutation fits, a 429 (which the
 * client retries with backoff) so a queue flooded with messages never bypasses the limit of the REST route.
 */
export async function withinChatBudget(ctx: AppContext, user: UserRow, request: PushRequest): Promise<PushRequest> {
  const applied = findClient(ctx.db, request.clientId)?.lastMutationId ?? 0;
  const isNewMessage = (m: PushRequest['mutations'][number]) => m.name === 'sendMessage' && m.id > applied;
  const wanted = request.mutations.filter(isNewMessage).length;
  if (!wanted) return request;
  let left = await takeChatSends(ctx, user.id, wanted);
  if (left === wanted) return request;
  const cut = request.mutations.findIndex((m) => isNewMessage(m) && left-- === 0);
  if (cut === 0) throw new AppError(429, DEFAULT_RATE_LIMITS.chatSend.message);
  return { ...request, mutations: request.mutations.slice(0, cut) };
}
