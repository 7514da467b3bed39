import type { LegView } from '../../lib/trip/leg-view';

type ItineraryCardProps = { legs: readonly { label: string; view: LegView }[] };

function Leg({ label, view }: { label: string; view: LegView }) {
  return (
    <article className="itinerary-leg" aria-label={`${label}: ${view.origin.city} to ${view.destination.city}`}>
      <header className="itinerary-leg-header">
        <h3>{label}</h3>
        <span>
          {view.date} · {view.flightNumber}
        </span>
      </header>
      <div className="itinerary-route">
        <div className="itinerary-end">
          <p className="itinerary-time">{view.departTime}</p>
          <p className="itinerary-code">{view.origin.code}</p>
          <p className="itinerary-place">
            {view.origin.city}, {view.origin.name}
          </p>
        </div>
        <div className="itinerary-path">
          <span>{view.duration}</span>
          <span className="itinerary-line" aria-hidden="true" />
        </div>
        <div className="itinerary-end">
          <p className="itinerary-time">
            {view.arriveTime}
            {view.dayOffset && (
              <sup className="itinerary-offset" title="Arrives on a later day">
                {view.dayOffset}
              </sup>
            )}
          </p>
          <p className="itinerary-code">{view.destination.code}</p>
          <p className="itinerary-place">
            {view.destination.city}, {view.destination.name}
          </p>
        </div>
      </div>
      <p className="itinerary-gate">Gate and terminal are shown at check-in.</p>
    </article>
  );
}

/** The itinerary: each leg in its airports' local times, with the 'Returning' leg on a round trip. */
export function ItineraryCard({ legs }: ItineraryCardProps) {
  return (
    <section className="booking-card itinerary" aria-label="Itinerary">
      {legs.map((leg) => (
        <Leg key={leg.label} {...leg} />
      ))}
    </section>
  );
}
