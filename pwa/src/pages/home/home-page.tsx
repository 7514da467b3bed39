export function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <h1>Ready to take off?</h1>
          <p className="hero-lead">Search flights to more than 630 destinations and book in a few steps.</p>
        </div>
      </section>
      <section className="page">
        <h2>Popular Destinations</h2>
        <p>Thailand, Hong Kong, Maldives and Switzerland are waiting for you.</p>
      </section>
    </>
  );
}
