import { Link } from 'react-router-dom';
import { boardingPassPath } from '../../../../sync/booking-page';
import type { Booking } from '../../../../sync/schemas/booking';
import { formatBookingDate } from '../../lib/format';
import { useMyBookings } from '../../local/hooks';

const DAY_MS = 24 * 3_600_000;

type Soon = { booking: Booking; leg: Booking['flightId'] };

/** The account's checked-in flight that leaves first within the next 24 hours, if any. */
export function boardingSoon(bookings: readonly Booking[], userId: string, now: number): Soon | null {
  let found: Soon | null = null;
  for (const booking of bookings) {
    if (booking.userId._id !== userId || booking.status !== 'confirmed' || !booking.checkedInAt) continue;
    for (const leg of [booking.flightId, booking.returnFlightId]) {
      if (!leg || !booking.boardingPasses.some((pass) => pass.flightId === leg._id)) continue;
      const leaves = Date.parse(leg.departureTime);
      if (leaves <= now || leaves - now > DAY_MS) continue;
      if (!found || leaves < Date.parse(found.leg.departureTime)) found = { booking, leg };
    }
  }
  return found;
}

/**
 * On the home screen (the installed app opens on it): the boarding pass of a flight that leaves within 24 h, one tap
 * away. Loaded only for a signed-in device (it reads the device's bookings), so a first visit's JavaScript is unchanged.
 */
export function BoardingSoon({ userId }: { userId: string }) {
  const soon = boardingSoon(useMyBookings() ?? [], userId, Date.now());
  if (!soon) return null;
  const { booking, leg } = soon;
  return (
    <section className="boarding-soon" aria-labelledby="boarding-soon-title">
      <h2 id="boarding-soon-title">
        Your flight to {leg.destination.city} leaves {formatBookingDate(leg.departureTime, leg.origin.timeZone)}
      </h2>
      <p>
        {leg.flightNumber} from {leg.origin.city}, booking {booking.bookingId}. You are checked in.
      </p>
      <Link className="button" to={boardingPassPath(booking._id)}>
        Boarding pass
      </Link>
    </section>
  );
}
