export function SupportPage() {
  return (
    <section className="page">
      <h1>Support</h1>
      <p>Conversations with travellers.</p>
    </section>
  );
}
