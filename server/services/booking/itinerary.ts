import { itineraryFileName, itineraryIcs } from '../../../sync/itinerary';
import type { DbAndClock } from '../deps';
import type { UserRow } from '../../actor';
import { findAirport } from '../catalogue/airports';
import { toBookingJson } from './booking-view';
import { bookingFor } from './bookings';
import { inTurn } from '../../db/client';

/** A booking's legs as an iCalendar file, for its owner or an admin (anyone else: 404). */
export async function bookingItinerary(ctx: DbAndClock, user: UserRow, id: string): Promise<{ fileName: string; ics: string }> {
  const now = ctx.now();
  const booking = await toBookingJson(ctx.db, await bookingFor(ctx.db, user, id), now.toISOString());
  const legs = [booking.flightId, ...(booking.returnFlightId ? [booking.returnFlightId] : [])];
  const airports = await inTurn(
    legs.flatMap((leg) => [leg.origin._id, leg.destination._id]),
    (airportId) => findAirport(ctx.db, airportId),
  );
  const names = new Map(airports.flatMap((airport) => (airport ? [[airport.id, airport.name] as const] : [])));
  return { fileName: itineraryFileName(booking), ics: itineraryIcs(booking, (airportId) => names.get(airportId), now) };
}
