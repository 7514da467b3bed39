import type { BookingListQuery } from '../../../../../sync/schemas/admin-lists';
import type { Booking } from '../../../../../sync/schemas/booking';
import { inDayRange } from '../../../components/table/day-range';
import { formatAdminDate } from '../../../lib/format';
import type { CsvValue } from '../../../components/table/csv';
import { paymentLabel } from '../../../components/ui/status';

/** Spec: Booking ID, Passenger, Flight No., Class, Seat, Booking Status, Payment Status, Booked On. */
export const BOOKING_HEADER = ['Booking ID', 'Passenger', 'Flight No.', 'Class', 'Seat', 'Booking Status', 'Payment Status', 'Booked On'] as const;

export const passengers = (b: Booking) => b.travellers.map((t) => `${t.firstName} ${t.lastName}`).join(', ');
export const flightNumbers = (b: Booking) => [b.flightId, b.returnFlightId].flatMap((leg) => (leg ? [leg.flightNumber] : [])).join(' / ');
export const seatNumbers = (b: Booking) => b.seatId.map((s) => s.seatNumber).join(', ');

/** Search by flight number or passenger name (and the booking reference, which admins are read out). */
export function matchesBooking(b: Booking, term: string): boolean {
  return [flightNumbers(b), passengers(b), b.bookingId].some((text) => text.toLowerCase().includes(term));
}

/** The list the address asks for: the search, and the day each was booked on (the overview's 'Bookings today' links here). */
export function bookingList(bookings: readonly Booking[], query: BookingListQuery): Booking[] {
  const term = query.q.trim().toLowerCase();
  return bookings.filter((b) => (term === '' || matchesBooking(b, term)) && inDayRange(b.createdAt, query));
}

export function bookingCsvRow(b: Booking): CsvValue[] {
  return [
    b.bookingId,
    passengers(b),
    flightNumbers(b),
    b.class,
    seatNumbers(b),
    b.status,
    paymentLabel(b.paymentStatus, 'admin'),
    formatAdminDate(b.createdAt),
  ];
}
