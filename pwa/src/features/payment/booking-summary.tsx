import { Link } from 'react-router-dom';
import type { TravelClass } from '../../../../sync/constants';
import type { Flight } from '../../../../sync/schemas/flight';
import { bookingPath, type BookingDraft } from '../../lib/trip/booking-draft';
import type { FareView } from '../../lib/trip/fare-view';
import { legView } from '../../lib/trip/leg-view';

type BookingSummaryProps = { draft: BookingDraft; flights: readonly Flight[]; travelClass: TravelClass; fare: FareView };

/** 'Your Booking': the flights, travellers, seats and total, with a link back to the booking page. */
export function BookingSummary({ draft, flights, travelClass, fare }: BookingSummaryProps) {
  const seats = [draft.seats, draft.returnSeats];
  return (
    <aside className="booking-card pay-summary" aria-labelledby="pay-summary-title">
      <h2 id="pay-summary-title">Your Booking</h2>
      {flights.map((flight, i) => {
        const leg = legView(flight);
        return (
          <div key={flight._id} className="pay-summary-leg">
            <p className="pay-summary-route">
              {i === 0 ? 'Departing' : 'Returning'}: {leg.route}
            </p>
            <p>
              {leg.flightNumber} · {leg.date} · {leg.departTime} → {leg.arriveTime}
              {leg.dayOffset && <sup>{leg.dayOffset}</sup>}
            </p>
            <p>Seats: {seats[i]?.join(', ') || 'not chosen'}</p>
          </div>
        );
      })}
      <p>
        {travelClass} · {fare.travellers} {fare.travellers === 1 ? 'traveller' : 'travellers'}
      </p>
      <p className="pay-summary-total">
        Total <strong>{fare.total}</strong>
      </p>
      <Link to={bookingPath(draft)}>Review booking</Link>
    </aside>
  );
}
