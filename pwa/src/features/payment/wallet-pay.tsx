import type { Payment } from '../../../../sync/schemas/payment';
import { CashAppBody } from './cash-app-body';
import { CryptoBody } from './crypto-body';
import type { PaymentWithInstructions } from '../../../../sync/schemas/payment-answer';

type WalletPayProps = { payment: Payment; instructions: PaymentWithInstructions['instructions'] };

/**
 * /payment/<key> of a crypto or Cash App payment ('Pay now' from the booking's page): where to send the
 * money, the time left and 'I have made payment', as the method's modal shows them.
 */
export function WalletPay({ payment, instructions }: WalletPayProps) {
  const booking = payment.bookingId;
  const body =
    instructions.kind === 'crypto' ? (
      <CryptoBody answer={{ link: instructions.link, booking, payment, instructions }} />
    ) : instructions.kind === 'cashApp' ? (
      <CashAppBody answer={{ link: instructions.link, booking, payment, instructions }} />
    ) : null;
  return (
    <div className="page transfer">
      <h1>{instructions.kind === 'crypto' ? 'Pay by cryptocurrency' : 'Pay by Cash App'}</h1>
      <div className="booking-card">
        <h2>Booking {booking.bookingId}</h2>
        {payment.status === 'failed' ? (
          <p className="notice notice-error" role="alert">
            Your payment was not accepted: {payment.reason}. You may pay again before the deadline.
          </p>
        ) : null}
        {payment.status === 'pending' && payment.awaitingReviewAt ? (
          <p className="notice notice-success">We have your confirmation and are checking the payment.</p>
        ) : null}
        {body}
      </div>
    </div>
  );
}
