import { useQuery } from '@tanstack/react-query';
import { FLIGHT_PAGE_MAX } from '../../../../sync/constants';
import type { Flight } from '../../../../sync/schemas/flight';
import { ApiError } from '../api-error';
import { apiAllPages } from '../api-page';
import { takePageFlights } from '../page-data';
import { byDeparture, type FlightLeg } from './flight-leg';

/** The device's answer; Dexie loads with it, not with the listing (docs/decisions/005). */
async function syncedFlightsOf(leg: FlightLeg): Promise<FlightsAnswer> {
  return (await import('../../local/synced-flights')).syncedFlightsOf(leg);
}

/** Who answered a search: the server, or the device from its synced flights (as of `syncedAt`; null: never synced). */
export type FlightsAnswer = { flights: Flight[]; syncedAt?: undefined } | { flights: Flight[]; syncedAt: number | null };

const fromDevice = (answer: FlightsAnswer | undefined) => answer !== undefined && answer.syncedAt !== undefined;

/** How long the listing waits for the server before it answers from the device. */
const SERVER_WAIT_MS = 3500;

/** No answer came (offline, refused, too slow), or a proxy said the server is down: the device answers. */
function unreachable(error: unknown): boolean {
  return error instanceof DOMException || (error instanceof ApiError && (error.status === 0 || error.status >= 502));
}

async function askServer(leg: FlightLeg, signal: AbortSignal): Promise<FlightsAnswer> {
  const query = new URLSearchParams({ origin: leg.origin, destination: leg.destination, departureTime: leg.date });
  const waited = AbortSignal.any([signal, AbortSignal.timeout(SERVER_WAIT_MS)]);
  try {
    return { flights: byDeparture(await apiAllPages<Flight>(`/flights?${query.toString()}`, FLIGHT_PAGE_MAX, waited)) };
  } catch (error) {
    if (signal.aborted || !unreachable(error)) throw error;
    return syncedFlightsOf(leg);
  }
}

/**
 * Flights of one leg on a local date at the origin; refetched whenever the leg changes. The server is the
 * source; offline, or when it does not answer within SERVER_WAIT_MS, the device's synced flights answer,
 * and such an answer is asked again once the connection is back, and every 30 s.
 */
export function useFlights(leg: FlightLeg, enabled = true) {
  return useQuery<FlightsAnswer>({
    queryKey: ['flights', leg.origin, leg.destination, leg.date],
    queryFn: ({ signal }) => (navigator.onLine ? askServer(leg, signal) : syncedFlightsOf(leg)),
    initialData: () => {
      // NOTE: flights sent inside the page are the server's answer only while the browser is online (a page restored
      // from a cache offline is not); offline the device answers, and says so.
      if (!navigator.onLine) return undefined;
      const sent = takePageFlights(leg);
      return sent && { flights: byDeparture(sent) };
    },
    networkMode: 'always',
    enabled,
    staleTime: (query) => (fromDevice(query.state.data) ? 0 : 30_000),
    refetchInterval: (query) => (fromDevice(query.state.data) ? 30_000 : false),
  });
}
