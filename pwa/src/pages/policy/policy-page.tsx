export function PolicyPage() {
  return (
    <section className="page">
      <h1>Privacy policy</h1>
      <p>How SkyWay handles your personal data.</p>
    </section>
  );
}
