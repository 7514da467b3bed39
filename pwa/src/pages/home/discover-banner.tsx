export function DiscoverBanner({ onBookFlight }: { onBookFlight: () => void }) {
  return (
    <section className="discover" aria-labelledby="discover-title">
      <div className="discover-inner">
        <div>
          <h2 id="discover-title">It&apos;s time to discover</h2>
          <p>New routes every season, fair fares all year. Where will you go next?</p>
        </div>
        <button type="button" className="button button-light" onClick={onBookFlight}>
          Book a Flight
        </button>
      </div>
    </section>
  );
}
