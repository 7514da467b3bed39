export function PaymentsPage() {
  return (
    <section className="page">
      <h1>My payments</h1>
      <p>Your payments and their status.</p>
    </section>
  );
}
