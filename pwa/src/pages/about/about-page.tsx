export function AboutPage() {
  return (
    <section className="page">
      <h1>About SkyWay</h1>
      <p>SkyWay Airlines flies to more than 630 destinations.</p>
    </section>
  );
}
