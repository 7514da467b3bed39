export function ContactPage() {
  return (
    <section className="page">
      <h1>Contact us</h1>
      <p>Reach the SkyWay team by phone, e-mail or chat.</p>
    </section>
  );
}
