import { useNavigate } from 'react-router-dom';

/** The chosen flight's seats and fare come from the server: wait for it, then the booking goes on by itself. */
export function BookingWaits() {
  const navigate = useNavigate();
  return (
    <section className="page booking-waits">
      <h1>Waiting for a connection</h1>
      <p role="status">You&apos;re offline. Booking needs a connection; we&apos;ll continue when you&apos;re back online.</p>
      <button type="button" className="button button-secondary" onClick={() => void navigate(-1)}>
        Back to the flights
      </button>
    </section>
  );
}
