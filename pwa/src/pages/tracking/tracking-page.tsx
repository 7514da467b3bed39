import { TrackingForm } from '../../features/tracking/tracking-form';

/** /tracking: public; a signed-in user's own bookings also answer offline. */
export function TrackingPage() {
  return (
    <section className="page">
      <h1>Track your booking</h1>
      <p>Enter the booking reference and the e-mail address used for the booking.</p>
      <TrackingForm />
    </section>
  );
}
