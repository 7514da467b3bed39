export function ListingPage() {
  return (
    <section className="page">
      <h1>Available flights</h1>
      <p>Flights matching your search will appear here.</p>
    </section>
  );
}
