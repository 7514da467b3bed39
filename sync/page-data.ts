import type { Airport } from './schemas/airport';
import type { Flight } from './schemas/flight';
import type { LowestFare } from './schemas/lowest-fares';
import type { PublicSettings } from './schemas/settings';

/** The id of the `<script type="application/json">` a landing page carries its first data in. */
export const PAGE_DATA_ID = 'page-data';

/** One leg's flights, exactly as `GET /api/flights?origin&destination&departureTime` answers them. */
export type PageFlights = { origin: string; destination: string; date: string; flights: Flight[] };

/** The date strip of that leg, exactly as `GET /api/flights/lowest-fares?from&to&date&travelers` answers it. */
export type PageLowestFares = { from: string; to: string; date: string; travelers: number; days: LowestFare[] };

/**
 * What the server already knows a landing page will ask for, sent inside the page so its first render
 * needs no second round trip: the listing's outbound flights and date strip, the airports that name them
 * and the public settings that price them by class.
 */
export type PageData = { flights?: PageFlights; lowestFares?: PageLowestFares; airports?: Airport[]; settings?: PublicSettings };
