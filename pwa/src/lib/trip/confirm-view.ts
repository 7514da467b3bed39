import type { PaymentMethod, PaymentStatus } from '../../../../sync/constants';
import type { Booking } from '../../../../sync/schemas/booking';
import type { Payment } from '../../../../sync/schemas/payment';
import { formatBookingDate, formatPrice } from '../format';

/** The payment fields the confirm page reads; the REST answer and the synced row both have them. */
export type ConfirmPayment = Pick<Payment, 'status' | 'reason' | 'amount' | 'currency' | 'paymentMethod' | 'userId'>;

export type ConfirmView = {
  pending: boolean;
  /** pending, completed or failed: what the traveller sees. */
  status: string;
  heading: string;
  reason: string | null;
  email: string;
  /** The booking's id, for its own page. */
  bookingId: string;
  route: string;
  reference: string;
  bookedBy: string;
  method: string;
  total: string;
  dateBooked: string;
  departureDate: string;
  guests: number;
};

const METHOD_NAMES: Record<PaymentMethod, string> = { bank_transfer: 'Bank Transfer', crypto: 'Cryptocurrency', cashApp: 'Cash App' };

/** Travellers see 'completed' for a successful payment (product rules §4.2). */
export function travellerStatus(status: PaymentStatus): string {
  return status === 'successful' ? 'completed' : status;
}

export function confirmView(payment: ConfirmPayment, booking: Booking): ConfirmView {
  const legs = [booking.flightId, booking.returnFlightId].filter((leg) => leg !== null);
  const cities = [booking.flightId.origin.city, ...legs.map((leg) => leg.destination.city)];
  const status = travellerStatus(payment.status);
  return {
    pending: payment.status === 'pending',
    status,
    heading: payment.status === 'pending' ? 'Confirming payment' : `Payment ${status}`,
    reason: payment.status === 'failed' ? payment.reason : null,
    email: booking.email,
    bookingId: booking._id,
    route: cities.join(' → '),
    reference: booking.bookingId,
    bookedBy: payment.userId.fullName || booking.userId.fullName,
    method: METHOD_NAMES[payment.paymentMethod],
    total: `${formatPrice(payment.amount)} ${payment.currency}`,
    dateBooked: formatBookingDate(booking.createdAt),
    departureDate: formatBookingDate(booking.flightId.departureTime, booking.flightId.origin.timeZone),
    guests: booking.travellers.length,
  };
}
