import { z } from 'zod';
import { MutationArgsSchemas } from '../../sync/protocol';
import type { Tx } from '../db/client';
import { pokeEffect } from '../outbox/effects';
import { authorize } from '../policies';
import { bookingMails } from '../services/mail/notifications';
import { markAwaitingReview } from '../services/payment/payment-review';
import { paymentFor } from '../services/payment/payments';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** The payment by its id (sync) or by the access key of its link (REST). */
export type PaymentWhere = { paymentId: string } | { accessKey: string };
export const paymentWhere = (args: PaymentWhere) => ('paymentId' in args ? { id: args.paymentId } : { accessKey: args.accessKey });

/** 'payment.claim': the payment's owner or an admin; anyone else is told the payment does not exist. */
export async function mayClaimPayment(user: UserRow, args: PaymentWhere, tx: Tx): Promise<void> {
  authorize('payment.claim', user, { name: 'Payment', ownerId: (await paymentFor(tx, user, paymentWhere(args))).userId });
}

const ByAccessKey = z.object({ accessKey: z.string().trim().min(8).max(64), image: MutationArgsSchemas.attachReceipt.shape.image });

/** A bank transfer's receipt: the payment awaits review and the operator is mailed. */
export const attachReceipt = defineMutation({
  name: 'attachReceipt',
  args: z.union([MutationArgsSchemas.attachReceipt, ByAccessKey]),
  limits: ['bookingAddress', 'paymentClaim'],
  locks: (args) => ({ payment: paymentWhere(args) }),
  permission: mayClaimPayment,
  async run(tx, deps, user, args) {
    const { payment, booking } = await markAwaitingReview(tx, user, paymentWhere(args), deps.now(), args.image);
    return { result: payment, effects: [...(await bookingMails.receiptUploaded(deps, tx, booking)), pokeEffect([payment.userId])] };
  },
});
