export function PaymentPage() {
  return (
    <section className="page">
      <h1>Payment method</h1>
      <p>Choose how you would like to pay.</p>
    </section>
  );
}
