import { z } from 'zod';
import { PaymentMethodBodySchema } from '../../sync/schemas/payment';
import type { Tx } from '../db/client';
import { pokeEffect } from '../outbox/effects';
import { authorize } from '../policies';
import type { UserRow } from '../actor';
import { changePaymentMethod as change } from '../services/payment/payment-method';
import { paymentFor } from '../services/payment/payments';
import { defineMutation } from './mutation';

/** 'payment.changeMethod': the payment's owner only; anyone else is told the payment does not exist. */
export async function mayChangePaymentMethod(user: UserRow, args: { paymentId: string }, tx: Tx): Promise<void> {
  authorize('payment.changeMethod', user, { name: 'Payment', ownerId: (await paymentFor(tx, user, { id: args.paymentId })).userId });
}

/**
 * The traveller picks another method on the payment page: the same booking's pending payment changes
 * method. Nothing is cancelled and no mail is sent (there is nothing to tell yet); the owner's devices
 * are poked so they pull the new deadline.
 */
export const changePaymentMethod = defineMutation({
  name: 'changePaymentMethod',
  args: z.object({ paymentId: z.string().max(64) }).and(PaymentMethodBodySchema),
  limits: ['bookingAddress', 'paymentMethod'],
  locks: ({ paymentId }) => ({ payment: { id: paymentId } }),
  permission: mayChangePaymentMethod,
  async run(tx, deps, user, { paymentId, paymentMethod }) {
    const payment = await change(tx, user, paymentId, paymentMethod, deps.now());
    return { result: payment, effects: [pokeEffect([payment.userId])] };
  },
});
