import type { z } from 'zod';
import type { MutationName } from '../../sync/protocol';
import type { Tx } from '../db/client';
import type { UserRow } from '../actor';
import type { LimitName } from '../limit-names';
import { attachReceipt } from './attach-receipt';
import { cancelBooking } from './cancel-booking';
import { confirmManualPayment } from './confirm-manual-payment';
import { markConversationRead } from './mark-conversation-read';
import type { Mutation } from './mutation';
import { reviewPayment } from './review-payment';
import { runMutation, type MutationHost } from './run';
import { sendMessage } from './send-message';
import { updateProfile } from './update-profile';

/**
 * A mutation a device may queue: `run` runs it with the push's bookkeeping first in its transaction
 * (runMutation's `first`); `limits` are the rate limits it counts against, as on its REST route.
 */
export type Queued = {
  run: (host: MutationHost, user: UserRow, args: unknown, first: (tx: Tx) => Promise<boolean>) => Promise<void>;
  limits: readonly LimitName[];
};

const queued = <S extends z.ZodType, R>(mutation: Mutation<S, R>): Queued => ({
  run: async (host, user, args, first) => {
    await runMutation(host, mutation, user, args, first);
  },
  limits: mutation.limits ?? [],
});

/** The mutations a device may queue, by their name in sync/protocol.ts. */
export const SYNC_MUTATIONS: Record<MutationName, Queued> = {
  attachReceipt: queued(attachReceipt),
  confirmManualPayment: queued(confirmManualPayment),
  reviewPayment: queued(reviewPayment),
  cancelBooking: queued(cancelBooking),
  updateProfile: queued(updateProfile),
  sendMessage: queued(sendMessage),
  markConversationRead: queued(markConversationRead),
};
