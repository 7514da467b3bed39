export function AirportsPage() {
  return (
    <section className="page">
      <h1>Airports</h1>
      <p>Manage the airports SkyWay serves.</p>
    </section>
  );
}
