import type { MutationResult, PushRequest, PushResponse } from '../../sync/protocol';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { constraintRejection } from '../db/constraints';
import { mutationResults } from '../db/schema';
import { AppError } from '../errors';
import { SYNC_MUTATIONS } from '../mutations/sync-mutations';
import { authorizeMutation } from '../policies';
import { advanceClient, claimClient, storedResults } from '../services/sync/sync-clients';
import type { UserRow } from '../actor';

/** Thrown for a failure that may pass (a fault, not a rule): the batch stops and the client retries. */
export class TransientError extends Error {}

/**
 * Applies a batch in order, one transaction per mutation (mutations/run.ts), each at most once. A business failure (an
 * AppError 4xx, or a write a database rule refuses, which fails the same way on every retry)
 * is stored as that mutation's result and the queue moves on; a gap stops the batch; a fault
 * rolls the mutation back and throws TransientError so the client retries later.
 */
export async function push(ctx: AppContext, user: UserRow, request: PushRequest): Promise<PushResponse> {
  let last = await claimClient(ctx, user, request.clientId);
  const results: MutationResult[] = [];
  for (const mutation of request.mutations) {
    if (mutation.id <= last) continue;
    if (mutation.id !== last + 1) break;
    const stamp = ctx.now().toISOString();
    try {
      authorizeMutation(user, mutation.name);
      // The same path as the REST twin; the client's last mutation id advances in its transaction.
      await SYNC_MUTATIONS[mutation.name].run(ctx, user, mutation.args, (tx) => advanceClient(tx, request.clientId, mutation.id, stamp));
    } catch (thrown) {
      const error = thrown instanceof AppError ? thrown : constraintRejection(thrown);
      if (!error || error.status >= 500 || error.status === 401) {
        throw new TransientError(thrown instanceof Error ? thrown.message : String(thrown), { cause: thrown });
      }
      const result: MutationResult = { mutationId: mutation.id, code: error.code, message: error.message };
      await immediate(ctx.db, async (tx) => {
        if (await advanceClient(tx, request.clientId, mutation.id, stamp))
          await tx.insert(mutationResults).values({ clientId: request.clientId, ...result, createdAt: stamp });
      });
      results.push(result);
    }
    last = mutation.id;
  }
  const stored = await storedResults(ctx.db, request.clientId, request.mutations[0]?.id ?? last + 1);
  const merged = new Map([...stored, ...results].map((r) => [r.mutationId, r]));
  return { lastMutationId: last, results: [...merged.values()] };
}
