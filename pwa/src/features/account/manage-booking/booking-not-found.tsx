import { Link } from 'react-router-dom';

/** A booking the device does not hold for this account. */
export function BookingNotFound() {
  return (
    <section className="page">
      <h1>Booking not found</h1>
      <p>This booking is not one of yours, or it has not reached this device yet.</p>
      <Link to="/dashboard/bookings">Back to My Bookings</Link>
    </section>
  );
}
