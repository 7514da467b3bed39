import { NotFoundPanel } from '../../components/ui/not-found-panel';

/** /booking whose flight id is missing, malformed or of no flight: say so and lead back to a search or the bookings. */
export function BookingNotFound() {
  return (
    <NotFoundPanel
      title="Booking not found"
      ways={[
        { to: '/', label: 'Search flights' },
        { to: '/dashboard/bookings', label: 'My Bookings' },
      ]}
    >
      <p>This booking link names no flight we have. The flight may have been removed, or the link is incomplete.</p>
    </NotFoundPanel>
  );
}
