import { MutationArgsSchemas, type Mutation, type MutationResult, type PushRequest, type PushResponse } from '../../sync/protocol';
import { PaymentReviewBodySchema } from '../../sync/schemas/payment';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { constraintRejection } from '../db/constraints';
import { mutationResults } from '../db/schema';
import { AppError } from '../errors';
import { authorizeMutation } from '../policies';
import { cancelBooking } from './bookings';
import { markConversationRead } from './chat';
import { sendMessage } from './chat-messages';
import { markAwaitingReview, reviewPayment } from './payment-review';
import { advanceClient, claimClient, storedResults } from './sync-clients';
import { updateProfile, type UserRow } from './users';
import { validate } from '../validate';

/** Thrown for a failure that may pass (a fault, not a rule): the batch stops and the client retries. */
export class TransientError extends Error {}

/** Each intent calls the same service function as its REST route. */
function apply(ctx: AppContext, user: UserRow, mutation: Mutation): void {
  authorizeMutation(user, mutation.name);
  switch (mutation.name) {
    case 'attachReceipt': {
      const args = validate(MutationArgsSchemas.attachReceipt, mutation.args);
      markAwaitingReview(ctx, user, { id: args.paymentId }, args.image);
      return;
    }
    case 'confirmManualPayment': {
      const args = validate(MutationArgsSchemas.confirmManualPayment, mutation.args);
      markAwaitingReview(ctx, user, { id: args.paymentId });
      return;
    }
    case 'reviewPayment': {
      const args = validate(MutationArgsSchemas.reviewPayment, mutation.args);
      const review = validate(PaymentReviewBodySchema, args);
      reviewPayment(ctx, user, args.paymentId, review);
      return;
    }
    case 'cancelBooking': {
      const args = validate(MutationArgsSchemas.cancelBooking, mutation.args);
      cancelBooking(ctx, user, args.bookingId);
      return;
    }
    case 'updateProfile': {
      updateProfile(ctx, user, validate(MutationArgsSchemas.updateProfile, mutation.args));
      return;
    }
    case 'sendMessage': {
      sendMessage(ctx, user, validate(MutationArgsSchemas.sendMessage, mutation.args));
      return;
    }
    case 'markConversationRead': {
      const args = validate(MutationArgsSchemas.markConversationRead, mutation.args);
      markConversationRead(ctx, user, args.conversationId);
      return;
    }
  }
}

/**
 * Applies a batch in order, one transaction per mutation, each at most once. A business failure (an
 * AppError 4xx, or a write a database rule refuses, which fails the same way on every retry)
 * is stored as that mutation's result and the queue moves on; a gap stops the batch; a fault
 * rolls the mutation back and throws TransientError so the client retries later.
 */
export function push(ctx: AppContext, user: UserRow, request: PushRequest): PushResponse {
  let last = claimClient(ctx, user, request.clientId);
  const results: MutationResult[] = [];
  for (const mutation of request.mutations) {
    if (mutation.id <= last) continue;
    if (mutation.id !== last + 1) break;
    const stamp = ctx.now().toISOString();
    try {
      immediate(ctx.db, (tx) => {
        if (!advanceClient(tx, request.clientId, mutation.id, stamp)) return;
        apply(ctx, user, mutation);
      });
    } catch (thrown) {
      const error = thrown instanceof AppError ? thrown : constraintRejection(thrown);
      if (!error || error.status >= 500 || error.status === 401) {
        throw new TransientError(thrown instanceof Error ? thrown.message : String(thrown), { cause: thrown });
      }
      const result = { mutationId: mutation.id, code: String(error.status), message: error.message };
      immediate(ctx.db, (tx) => {
        if (advanceClient(tx, request.clientId, mutation.id, stamp)) tx.insert(mutationResults).values({ clientId: request.clientId, ...result, createdAt: stamp }).run();
      });
      results.push(result);
    }
    last = mutation.id;
  }
  const stored = storedResults(ctx.db, request.clientId, request.mutations[0]?.id ?? last + 1);
  const merged = new Map([...stored, ...results].map((r) => [r.mutationId, r]));
  return { lastMutationId: last, results: [...merged.values()] };
}
