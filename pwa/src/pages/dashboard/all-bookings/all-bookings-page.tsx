export function AllBookingsPage() {
  return (
    <section className="page">
      <h1>All bookings</h1>
      <p>Every booking across all travellers.</p>
    </section>
  );
}
