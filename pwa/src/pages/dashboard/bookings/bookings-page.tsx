export function BookingsPage() {
  return (
    <section className="page">
      <h1>My bookings</h1>
      <p>Your pending, upcoming, cancelled and completed bookings.</p>
    </section>
  );
}
