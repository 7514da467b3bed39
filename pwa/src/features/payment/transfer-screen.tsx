import { PageSpinner } from '../../components/ui/page-spinner';
import { messageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format';
import { AccountRefresh } from './account-refresh';
import { BankDetails } from './bank-details';
import { bookedLegs } from './booked-leg';
import type { PaymentWithInstructions } from './payment-answer';
import { ReceiptUpload, useLatestReceipt } from './receipt-upload';
import { TransferActions } from './transfer-actions';
import { usePaymentByKey } from './use-payment-by-key';
import '../booking/booking.css';
import './payment.css';

function ReviewNote({ payment }: { payment: PaymentWithInstructions }) {
  if (payment.status === 'failed') {
    return (
      <p className="notice notice-error" role="alert">
        Your payment was not accepted: {payment.reason}. You may upload a new receipt before the deadline.
      </p>
    );
  }
  if (payment.awaitingReviewAt) return <p className="notice notice-success">We have your confirmation and are checking the transfer.</p>;
  return null;
}

function Transfer({ payment }: { payment: PaymentWithInstructions }) {
  const receipt = useLatestReceipt(payment._id);
  const { instructions } = payment;
  return (
    <div className="page transfer">
      <h1>Bank transfer</h1>
      <div className="transfer-layout">
        <div className="booking-card">
          <ReviewNote payment={payment} />
          {instructions.kind === 'bank_transfer' ? (
            <>
              <BankDetails bankingInfo={instructions.bankingInfo} amount={payment.amount} />
              <AccountRefresh />
              <p className="notice notice-warning">Only confirm if you have made the transfer</p>
              <ReceiptUpload paymentId={payment._id} latest={receipt} />
            </>
          ) : (
            <p>This payment is made by {payment.paymentMethod === 'crypto' ? 'cryptocurrency' : 'Cash App'}, not by bank transfer.</p>
          )}
          <TransferActions payment={payment} receipt={receipt} />
        </div>
        <aside className="booking-card pay-summary" aria-label="Your flight">
          <h2>Booking {payment.bookingId.bookingId}</h2>
          {bookedLegs(payment.bookingId).map((leg) => (
            <div key={leg.label} className="pay-summary-leg">
              <p className="pay-summary-route">
                {leg.label}: {leg.from} → {leg.to}
              </p>
              <p>
                {leg.flightNumber} · {leg.departs} · arrives {leg.arrives}
              </p>
            </div>
          ))}
          <p className="pay-summary-total">
            Price <strong>{formatPrice(payment.amount)}</strong>
          </p>
        </aside>
      </div>
    </div>
  );
}

/** /payment/:key: the transfer details, the receipt upload and the confirmation. */
export function TransferScreen({ paymentKey }: { paymentKey: string }) {
  const query = usePaymentByKey(paymentKey);
  if (query.isPending) return <PageSpinner label="Loading your payment…" />;
  if (query.isError) {
    return (
      <p className="page load-error" role="alert">
        {messageOf(query.error)}
      </p>
    );
  }
  return <Transfer payment={query.data} />;
}
