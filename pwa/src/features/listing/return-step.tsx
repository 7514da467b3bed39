import { useEffect, useRef } from 'react';
import type { Flight } from '../../../../sync/schemas/flight';
import type { CompleteSearch } from '../../lib/trip/search-values';
import { useClassRatio } from '../../lib/trip/use-class-ratio';
import { useFlights } from '../../lib/trip/use-flights';
import { FlightList } from './flight-list';
import { flightView } from './flight-view';

type ReturnStepProps = {
  search: CompleteSearch;
  outbound: Flight;
  route: string;
  onChangeOutbound: () => void;
  onBook: (flight: Flight) => void;
};

export function ReturnStep({ search, outbound, route, onChangeOutbound, onBook }: ReturnStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useFlights({ origin: search.to, destination: search.from, date: search.returnDate });
  const { ratio } = useClassRatio(search.travelClass);
  const chosen = flightView(outbound, search.travelers, new Date(), ratio);
  // A return flight has to leave after the outbound one lands.
  const flights = query.data?.flights.filter((flight) => flight.departureTime > outbound.arrivalTime);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <>
      <header className="return-header">
        <h1 ref={headingRef} tabIndex={-1}>
          Choose your return flight
        </h1>
        <section className="chosen-flight" aria-label="Your outbound flight">
          <p>
            <span className="chosen-flight-label">Outbound</span> {chosen.flightNumber} · {chosen.departure.city} {chosen.departure.time} →{' '}
            {chosen.arrival.city} {chosen.arrival.time}
            {chosen.arrival.dayOffset} · {chosen.departure.longDate}
            {chosen.price && ` · ${chosen.price}`}
          </p>
          <button type="button" className="button button-secondary" onClick={onChangeOutbound}>
            Change outbound flight
          </button>
        </section>
      </header>
      <FlightList query={query} flights={flights} search={search} date={search.returnDate} route={route} level={2} onBook={onBook} />
    </>
  );
}
