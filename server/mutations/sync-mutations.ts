import type { z } from 'zod';
import type { MutationName } from '../../sync/protocol';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { UserRow } from '../actor';
import { attachReceipt } from './attach-receipt';
import { cancelBooking } from './cancel-booking';
import { confirmManualPayment } from './confirm-manual-payment';
import { markConversationRead } from './mark-conversation-read';
import type { Mutation } from './mutation';
import { reviewPayment } from './review-payment';
import { runMutation } from './run';
import { sendMessage } from './send-message';
import { updateProfile } from './update-profile';

/** Runs one queued mutation with the push's bookkeeping first in its transaction (runMutation's `first`). */
export type QueuedRun = (ctx: AppContext, user: UserRow, args: unknown, first: (tx: Tx) => Promise<boolean>) => Promise<void>;

const queued =
  <S extends z.ZodType, R>(mutation: Mutation<S, R>): QueuedRun =>
  async (ctx, user, args, first) => {
    await runMutation(ctx, mutation, user, args, first);
  };

/** The mutations a device may queue, by their name in sync/protocol.ts. */
export const SYNC_MUTATIONS: Record<MutationName, QueuedRun> = {
  attachReceipt: queued(attachReceipt),
  confirmManualPayment: queued(confirmManualPayment),
  reviewPayment: queued(reviewPayment),
  cancelBooking: queued(cancelBooking),
  updateProfile: queued(updateProfile),
  sendMessage: queued(sendMessage),
  markConversationRead: queued(markConversationRead),
};
