import { Link } from 'react-router-dom';
import { bookingPagePath } from '../../../../sync/booking-page';
import { PageSpinner } from '../../components/ui/page-spinner';
import { Spinner } from '../../components/ui/spinner';
import { messageOf } from '../../lib/api-error';
import type { ConfirmView } from '../../lib/trip/confirm-view';
import { WaitingReceipt } from '../../components/receipts/receipt-upload';
import { useConfirmPayment } from './use-confirm-payment';
import '../../styles/booking.css';
import './payment.css';

function Details({ view }: { view: ConfirmView }) {
  const rows: [string, string][] = [
    ['Route', view.route],
    ['Booking ID', view.reference],
    ['Booked by', view.bookedBy],
    ['Payment method', view.method],
    ['Total price', view.total],
    ['Date booked', view.dateBooked],
    ['Departure date', view.departureDate],
    ['Guests', String(view.guests)],
  ];
  return (
    <dl className="confirm-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /confirm: the payment's status, followed live, with the booking it pays for. */
export function ConfirmScreen({ paymentId, bookingId }: { paymentId: string; bookingId: string | null }) {
  const { view, error } = useConfirmPayment(paymentId, bookingId);
  if (!view && error) {
    return (
      <p className="page load-error" role="alert">
        {messageOf(error)}
      </p>
    );
  }
  if (!view) return <PageSpinner label="Loading your payment…" />;
  return (
    <div className="page confirm booking-card">
      <div className={`confirm-heading status-${view.status}`} aria-live="polite">
        {view.pending && <Spinner size="small" label="Waiting for the payment to be confirmed" />}
        <h1>{view.heading}</h1>
      </div>
      {view.reason && (
        <p className="notice notice-error" role="alert">
          Reason: {view.reason}
        </p>
      )}
      <p>Your flight is booked. An email will be sent to {view.email} when your payment is confirmed.</p>
      <Details view={view} />
      <WaitingReceipt paymentId={paymentId} title="Your receipt is waiting to be sent" />
      <div className="transfer-actions">
        <Link className="button" to="/dashboard/bookings">
          Go to Booking
        </Link>
        <Link className="button button-secondary" to={bookingPagePath(view.bookingId)}>
          Manage this booking
        </Link>
      </div>
    </div>
  );
}
