import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Flight } from '../../../../sync/schemas/flight';
import { writeStoredSearch } from '../../lib/trip/search-storage';
import type { CompleteSearch } from '../../lib/trip/search-values';
import { toStoredSearch } from '../../lib/trip/stored-search';

export const OUTBOUND_PARAM = 'outbound';

/**
 * Book Now: a one-way flight goes straight to booking; on a round trip the first choice is the outbound
 * flight (kept in the URL, so reload and Back work) and the second the return flight.
 */
export function useBookFlight(search: CompleteSearch) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();

  const pickOutbound = (flight: Flight) => {
    const ids = { from: flight.origin._id, to: flight.destination._id };
    writeStoredSearch(toStoredSearch(search, ids, { flightId: flight._id }));
    if (search.type === 'one') {
      void navigate(`/booking?id=${encodeURIComponent(flight._id)}`);
      return;
    }
    setParams((params) => {
      params.set(OUTBOUND_PARAM, flight._id);
      return params;
    });
  };

  const pickReturn = (outbound: Flight, flight: Flight) => {
    const ids = { from: outbound.origin._id, to: outbound.destination._id };
    writeStoredSearch(toStoredSearch(search, ids, { flightId: outbound._id, returnFlightId: flight._id }));
    void navigate(`/booking?id=${encodeURIComponent(outbound._id)}&return=${encodeURIComponent(flight._id)}`);
  };

  const changeOutbound = () =>
    setParams((params) => {
      params.delete(OUTBOUND_PARAM);
      return params;
    });

  return { pickOutbound, pickReturn, changeOutbound };
}
