import { MutationArgsSchemas } from '../../sync/protocol';
import { pokeEffect } from '../outbox/effects';
import { bookingMails } from '../services/mail/notifications';
import { markAwaitingReview } from '../services/payment/payment-review';
import { mayClaimPayment } from './attach-receipt';
import { defineMutation } from './mutation';

/** 'I have made payment' (crypto, Cash App): the payment awaits review and the operator is mailed. */
export const confirmManualPayment = defineMutation({
  name: 'confirmManualPayment',
  args: MutationArgsSchemas.confirmManualPayment,
  limits: ['bookingAddress', 'paymentClaim'],
  locks: ({ paymentId }) => ({ payment: { id: paymentId } }),
  permission: mayClaimPayment,
  async run(tx, deps, user, { paymentId }) {
    const { payment, booking } = await markAwaitingReview(tx, user, { id: paymentId }, deps.now());
    return { result: payment, effects: [...(await bookingMails.paymentClaimed(deps, tx, booking)), pokeEffect([payment.userId])] };
  },
});
