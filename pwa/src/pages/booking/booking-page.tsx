export function BookingPage() {
  return (
    <section className="page">
      <h1>Booking details</h1>
      <p>Enter traveller details and choose your seats.</p>
    </section>
  );
}
