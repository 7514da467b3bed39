import { itineraryFileName, itineraryIcs } from '../../../sync/itinerary';
import type { AppContext } from '../../context';
import type { UserRow } from '../identity/users';
import { findAirport } from '../catalogue/airports';
import { toBookingJson } from './booking-view';
import { bookingFor } from './bookings';

/** A booking's legs as an iCalendar file, for its owner or an admin (anyone else: 404). */
export function bookingItinerary(ctx: AppContext, user: UserRow, id: string): { fileName: string; ics: string } {
  const now = ctx.now();
  const booking = toBookingJson(ctx.db, bookingFor(ctx.db, user, id), now.toISOString());
  return { fileName: itineraryFileName(booking), ics: itineraryIcs(booking, (airportId) => findAirport(ctx.db, airportId)?.name, now) };
}
