export function TrackingPage() {
  return (
    <section className="page">
      <h1>Track your booking</h1>
      <p>Find a booking by its reference.</p>
    </section>
  );
}
