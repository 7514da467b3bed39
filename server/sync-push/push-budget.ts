import type { PushRequest } from '../../sync/protocol';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { DEFAULT_RATE_LIMITS, takeRequest, type Caller } from '../middleware/rate-limits';
import { SYNC_MUTATIONS } from '../mutations/sync-mutations';
import { findClient } from '../services/sync/sync-clients';

/**
 * The batch up to the first new mutation a limit of the caller cannot take; the rest stays in the
 * outbox, in order, for a later push. Every new mutation takes one unit of `syncMutation`, whatever its
 * kind, and each also the limits its mutation names (`limits`), as its REST route counts them. When not
 * even the first mutation fits, a 429 (which the client retries with backoff), so a queue flooded with
 * mutations never bypasses the limits. Replays of mutations the server already applied cost nothing.
 */
export async function withinPushBudget(ctx: AppContext, caller: Caller, request: PushRequest): Promise<PushRequest> {
  if (request.mutations.length === 0) return request;
  const applied = (await findClient(ctx.db, request.clientId))?.lastMutationId ?? 0;
  for (const [index, mutation] of request.mutations.entries()) {
    if (mutation.id <= applied) continue;
    const refused = await takeRequest(ctx, [...SYNC_MUTATIONS[mutation.name].limits, 'syncMutation'], caller);
    if (!refused) continue;
    if (index === 0) throw new AppError(429, DEFAULT_RATE_LIMITS[refused].message);
    return { ...request, mutations: request.mutations.slice(0, index) };
  }
  return request;
}
