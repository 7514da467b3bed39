export function ConfirmPage() {
  return (
    <section className="page">
      <h1>Payment confirmation</h1>
      <p>Your payment status will appear here.</p>
    </section>
  );
}
