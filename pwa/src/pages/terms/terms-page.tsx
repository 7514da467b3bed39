export function TermsPage() {
  return (
    <section className="page">
      <h1>Terms &amp; Conditions</h1>
      <p>The conditions of carriage and booking.</p>
    </section>
  );
}
