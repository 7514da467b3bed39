export function AllPaymentsPage() {
  return (
    <section className="page">
      <h1>All payments</h1>
      <p>Review every payment.</p>
    </section>
  );
}
