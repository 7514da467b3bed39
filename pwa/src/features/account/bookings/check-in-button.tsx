import { useId } from 'react';
import type { Booking } from '../../../../../sync/schemas/booking';
import { checkInAvailability } from '../../../components/booking/booking-rules';
import { useCheckIn } from './use-check-in';

/** 'Check in' while the window is open; otherwise the button is off and says why. */
export function CheckInButton({ booking, now }: { booking: Booking; now: number }) {
  const { busy, checkIn } = useCheckIn(booking);
  const reasonId = useId();
  const availability = checkInAvailability(booking, now);
  if (booking.checkedInAt) return <span className="status-badge status-success">Checked in</span>;
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        disabled={!availability.available || busy}
        aria-describedby={availability.available ? undefined : reasonId}
        onClick={() => void checkIn()}
      >
        {busy ? 'Checking in…' : 'Check in'}
      </button>
      {availability.available ? null : (
        <span id={reasonId} className="muted">
          {availability.reason}
        </span>
      )}
    </>
  );
}
