import { itineraryFileName, itineraryIcs } from '../../../sync/itinerary';
import type { AppContext } from '../../context';
import type { UserRow } from '../identity/users';
import { findAirport } from '../catalogue/airports';
import { toBookingJson } from './booking-view';
import { bookingFor } from './bookings';

/** A booking's legs as an iCalendar file, for its owner or an admin (anyone else: 404). */
export async function bookingItinerary(ctx: AppContext, user: UserRow, id: string): Promise<{ fileName: string; ics: string }> {
  const now = ctx.now();
  const booking = await toBookingJson(ctx.db, await bookingFor(ctx.db, user, id), now.toISOString());
  return { fileName: itineraryFileName(booking), ics: itineraryIcs(booking, async (airportId) => (await findAirport(ctx.db, airportId))?.name, now) };
}
