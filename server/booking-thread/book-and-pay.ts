import type { PaymentCreateBody } from '../../sync/schemas/payment';
import type { AppContext } from '../context';
import { createBooking } from '../mutations/create-booking';
import { runMutation } from '../mutations/run';
import type { UserRow } from '../actor';
import { paymentInstructions, toPaymentJson } from '../services/payment/payments';

/**
 * Books and opens a payment (the createBooking mutation), then answers what POST /api/payments returns:
 * for crypto and Cash App what the modal shows, for a bank transfer the link, as JSON text.
 */
export async function bookAndPay(ctx: AppContext, user: UserRow, body: PaymentCreateBody): Promise<string> {
  const { payment, view } = await runMutation(ctx, createBooking, user, body);
  const instructions = await paymentInstructions(ctx.db, payment, body.cryptoName);
  const paymentJson = await toPaymentJson(ctx.db, payment, ctx.now().toISOString(), view);
  return JSON.stringify({ link: instructions.link, booking: view, payment: paymentJson, instructions });
}
