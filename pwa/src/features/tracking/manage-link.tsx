import { Link } from 'react-router-dom';
import { bookingPagePath } from '../../../../sync/booking-page';
import type { Booking } from '../../../../sync/schemas/booking';
import { useAuth } from '../../lib/auth';

/** The way from a tracked booking to its own page: for its owner, or through sign-in for a visitor. */
export function ManageLink({ booking }: { booking: Booking }) {
  const { user } = useAuth();
  const page = bookingPagePath(booking._id);
  if (!user) {
    return (
      <Link className="button button-secondary" to={`/login?redirect=${encodeURIComponent(page)}`}>
        Sign in to manage this booking
      </Link>
    );
  }
  if (user._id !== booking.userId._id) return null;
  return (
    <Link className="button" to={page}>
      Manage this booking
    </Link>
  );
}
