import { z } from 'zod';
import { PaymentReviewBodySchema } from '../../sync/schemas/payment';
import { pokeEffect } from '../outbox/effects';
import { bookingMails } from '../services/mail/notifications';
import { reviewPayment as decide } from '../services/payment/payment-review';
import { notices, pushTo } from '../services/push/push-notices';
import type { UserRow } from '../actor';
import { authorize } from '../policies';
import { defineMutation } from './mutation';

/** 'payment.review': admins only. */
export function mayReviewPayment(user: UserRow): void {
  authorize('payment.review', user);
}

/**
 * An admin's decision on a payment. The sync mutation always names the status the admin saw
 * (`expectedStatus`); the REST body may leave it out.
 */
export const reviewPayment = defineMutation({
  name: 'reviewPayment',
  args: z.object({ paymentId: z.string().max(64) }).and(PaymentReviewBodySchema),
  locks: ({ paymentId }) => ({ payment: { id: paymentId } }),
  permission: mayReviewPayment,
  async run(tx, deps, admin, { paymentId, ...review }) {
    const { payment, booking } = await decide(tx, admin, paymentId, review, deps.now());
    const approved = review.status === 'successful';
    const mails = approved ? await bookingMails.paymentConfirmed(deps, tx, booking) : await bookingMails.paymentFailed(deps, tx, booking, review.reason ?? '');
    const payload = approved ? notices.paymentApproved(booking) : notices.paymentRejected(booking, review.reason ?? '');
    return { result: payment, effects: [...mails, pokeEffect([payment.userId]), ...(await pushTo(tx, [{ userId: payment.userId, payload }]))] };
  },
});
