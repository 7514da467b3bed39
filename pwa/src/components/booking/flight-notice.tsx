import type { Booking } from '../../../../sync/schemas/booking';
import { flightNotices } from './flight-change-texts';
import '../../styles/booking.css';

/**
 * What the airline changed on the booking's flights (status, times, gate), from the device so it shows
 * offline; a live region, so a change a pull brings in is read out.
 */
export function FlightNotices({ booking }: { booking: Booking }) {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;
  const legs = [booking.flightId, booking.returnFlightId].filter((leg) => leg !== null);
  return (
    <>
      {legs.map((leg) => {
        const lines = flightNotices(leg);
        if (!lines.length) return null;
        const tone = leg.status === 'cancelled' ? 'notice-error' : leg.status === 'delayed' || leg.bookedTimes ? 'notice-warning' : 'notice-info';
        return (
          <div key={leg._id} role="status" aria-label={`Flight ${leg.flightNumber} update`} className={`notice flight-notice ${tone}`}>
            {lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        );
      })}
    </>
  );
}
