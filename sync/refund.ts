import type { PaymentStatus } from './constants';
import { refundCents } from './fare';
import { formatMoney } from './money';

/** What cancelling a booking refunds follows what was received, never what was only promised. */
export type Refund =
  /** The payment was received: the total minus the cancellation penalty is owed. */
  | { kind: 'due'; cents: number }
  /** A receipt or 'I have made payment' awaits review: nothing has arrived that we know of. */
  | { kind: 'if-received' }
  /** Nothing was paid, or the payment was not accepted. */
  | { kind: 'none' };

export type RefundPayment = { status: PaymentStatus; awaitingReviewAt: string | null };

export function refundOnCancel(payment: RefundPayment | undefined, totalCents: number, penaltyPercent: number): Refund {
  if (payment?.status === 'successful') return { kind: 'due', cents: refundCents(totalCents, penaltyPercent) };
  if (payment?.status === 'pending' && payment.awaitingReviewAt) return { kind: 'if-received' };
  return { kind: 'none' };
}

export const NOTHING_RECEIVED = 'No payment was received, so nothing is refunded.';
export const REFUND_IF_RECEIVED = 'Your payment has not been confirmed yet, so nothing is refunded now. If it reaches us, we will refund it.';

/** The sentence for mails and notices: 'Refund due: $12.00.' or one of the two above. */
export function refundSentence(refund: Refund): string {
  if (refund.kind === 'due') return `Refund due: ${formatMoney(refund.cents)}.`;
  return refund.kind === 'if-received' ? REFUND_IF_RECEIVED : NOTHING_RECEIVED;
}
