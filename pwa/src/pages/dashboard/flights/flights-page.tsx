export function FlightsPage() {
  return (
    <section className="page">
      <h1>Flights</h1>
      <p>Manage scheduled flights.</p>
    </section>
  );
}
