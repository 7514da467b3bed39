import { useId, useState } from 'react';
import type { Flight } from '../../../../sync/schemas/flight';
import type { TravelClass } from '../../../../sync/constants';
import { travelersLabel } from '../../lib/trip/search-values';
import { FlightDetails } from './flight-details';
import { flightView, type FlightEnd } from './flight-view';

type FlightCardProps = {
  flight: Flight;
  travelClass: TravelClass;
  travelers: number;
  /** The class's fare ratio to the flight's (Economy) price; undefined while the settings load. */
  ratio: number | undefined;
  onBook: (flight: Flight) => void;
};

function Endpoint({ end, label, offset = '' }: { end: FlightEnd; label: string; offset?: string }) {
  return (
    <div className="flight-end">
      <p className="flight-time">
        <span className="visually-hidden">{label} </span>
        <time>{end.time}</time>
        {offset && (
          <sup className="flight-offset" title={offset.startsWith('-') ? 'Arrives on an earlier day' : 'Arrives on a later day'}>
            {offset}
          </sup>
        )}
      </p>
      <p className="flight-code">{end.code}</p>
      <p className="flight-city">{end.city}</p>
    </div>
  );
}

export function FlightCard({ flight, travelClass, travelers, ratio, onBook }: FlightCardProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const view = flightView(flight, travelers, new Date(), ratio);
  const name = `${view.departure.city} to ${view.arrival.city}, ${view.departure.time}`;

  return (
    <li className="flight-card">
      <article aria-label={`Flight ${view.flightNumber}, ${name}`}>
        <div className="flight-route">
          <Endpoint end={view.departure} label="Departs" />
          <div className="flight-path" aria-label={`Duration ${view.duration}`}>
            <span className="flight-duration">{view.duration}</span>
            <span className="flight-line" aria-hidden="true" />
            <span className="flight-number">{view.flightNumber}</span>
          </div>
          <Endpoint end={view.arrival} label="Arrives" offset={view.arrival.dayOffset} />
        </div>
        <div className="flight-facts">
          <span className="flight-class">{travelClass}</span>
          <span className={flight.availableSeats > 0 ? 'flight-seats' : 'flight-seats flight-seats-none'}>{view.seatsLeft}</span>
          <span className="flight-refund">Refundable(Penalty applied)</span>
        </div>
        <div className="flight-buy">
          {view.price ? (
            <p className="flight-price">
              <strong>{view.price}</strong> <span className="flight-per">per traveller</span>
              {view.total && (
                <span className="flight-total">
                  Total {view.total} for {travelersLabel(travelers).toLowerCase()}
                </span>
              )}
            </p>
          ) : (
            <p className="flight-price flight-per">Loading the {travelClass} fare…</p>
          )}
          <div className="flight-actions">
            <button
              type="button"
              className="button button-secondary"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={() => setExpanded((value) => !value)}
            >
              Flight Details
            </button>
            <button type="button" className="button" disabled={!view.bookable} onClick={() => onBook(flight)}>
              Book Now
            </button>
          </div>
        </div>
        <FlightDetails id={detailsId} view={view} hidden={!expanded} />
      </article>
    </li>
  );
}
