import { PageSpinner } from '../../components/ui/page-spinner';
import { useDevicePaymentLink, type DevicePaymentLink } from '../../local/payment-link';
import { messageOf } from '../../lib/api-error';
import { formatBookingDate, formatPrice } from '../../lib/format';
import { AccountRefresh } from './account-refresh';
import { BankDetails } from './bank-details';
import { bookedLegs } from './booked-leg';
import type { Payment } from '../../../../sync/schemas/payment';
import { ReceiptUpload, useLatestReceipt } from './receipt-upload';
import { TransferActions } from './transfer-actions';
import { usePaymentByKey } from './use-payment-by-key';
import { WalletPay } from './wallet-pay';
import '../booking/booking.css';
import './payment.css';

function ReviewNote({ payment }: { payment: Payment }) {
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

function Transfer({ payment, bankingInfo }: DevicePaymentLink) {
  const receipt = useLatestReceipt(payment._id);
  return (
    <div className="page transfer">
      <h1>Bank transfer</h1>
      <div className="transfer-layout">
        <div className="booking-card">
          <ReviewNote payment={payment} />
          {bankingInfo ? (
            <>
              <BankDetails bankingInfo={bankingInfo} amount={payment.amount} />
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
          <p>Pay by {formatBookingDate(payment.deadlineAt)}</p>
        </aside>
      </div>
    </div>
  );
}

/**
 * /payment/:key: the transfer details, the receipt upload and the confirmation. From the server when it
 * answers, else from the device when it holds this payer's own payment (offline, at the airport).
 */
export function TransferScreen({ paymentKey }: { paymentKey: string }) {
  const query = usePaymentByKey(paymentKey);
  const device = useDevicePaymentLink(paymentKey);
  if (query.data) {
    const { instructions, ...payment } = query.data;
    if (instructions.kind !== 'bank_transfer' && payment.status !== 'successful') return <WalletPay payment={payment} instructions={instructions} />;
    return <Transfer payment={payment} bankingInfo={instructions.kind === 'bank_transfer' ? instructions.bankingInfo : null} />;
  }
  if (device) return <Transfer {...device} />;
  if (query.isError && device === null) {
    return (
      <p className="page load-error" role="alert">
        {messageOf(query.error)}
      </p>
    );
  }
  return <PageSpinner label="Loading your payment…" />;
}
