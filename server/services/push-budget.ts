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
 * Replays of mutations the server already applied cost nothing.
 */
export async function withinChatBudget(ctx: AppContext, user: UserRow, request: PushRequest): Promise<PushRequest> {
  if (!request.mutations.some((m) => m.name === 'sendMessage')) return request;
  const applied = findClient(ctx.db, request.clientId)?.lastMutationId ?? 0;
  const newMessages = request.mutations.filter((m) => m.name === 'sendMessage' && m.id > applied);
  const allowed = await takeChatSends(ctx, user.id, newMessages.length);
  const firstRefused = newMessages[allowed];
  if (!firstRefused) return request;
  const cut = request.mutations.indexOf(firstRefused);
  if (cut === 0) throw new AppError(429, DEFAULT_RATE_LIMITS.chatSend.message);
  return { ...request, mutations: request.mutations.slice(0, cut) };
}
