import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { bookingReferences, flightNumbers, matching, passengerNames } from '../../db/search';
import type { FlightStatus } from '../../../sync/constants';
import type { Booking } from '../../../sync/schemas/booking';
import type { DbAndClock } from '../deps';
import { first, prepareOnce, type Queryable } from '../../db/client';
import { bookings, flights, travellers } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { authorize } from '../../policies';
import { toBookingJson, toBookingsJson, type BookingRow } from './booking-view';
import type { UserRow } from '../../actor';

const userBookings = prepareOnce((q) =>
  q
    .select()
    .from(bookings)
    .where(eq(bookings.userId, sql.placeholder('userId')))
    .orderBy(desc(bookings.createdAt))
    .prepare(),
);

export async function listUserBookings(ctx: DbAndClock, userId: string): Promise<Booking[]> {
  const nowIso = ctx.now().toISOString();
  return toBookingsJson(ctx.db, await userBookings(ctx.db).execute({ userId }), nowIso);
}

export type BookingListQuery = { search?: string; status?: BookingRow['status']; after?: string; before?: string; page: number; limit: number };

/**
 * The bookings whose reference, flight number (either leg) or a passenger's name contains `text`: one set
 * of ids, each part read through its own index (db/search.ts); an OR of the parts would read every booking.
 */
export async function bookingsMatching(q: Queryable, text: string): Promise<SQL> {
  const byReference = q
    .select({ id: bookings.id })
    .from(bookings)
    .where(matching(q, bookingReferences, text));
  const byPassenger = q
    .select({ id: travellers.bookingId })
    .from(travellers)
    .where(matching(q, passengerNames, text));
  const legs = () =>
    q
      .select({ id: flights.id })
      .from(flights)
      .where(matching(q, flightNumbers, text));
  // NOTE: no index leads from a return flight to its bookings, so they are read only when a flight matches.
  if (!(await first(legs().limit(1)))) return inArray(bookings.id, byReference.union(byPassenger));
  const byLeg = q
    .select({ id: bookings.id })
    .from(bookings)
    .where(or(inArray(bookings.flightId, legs()), inArray(bookings.returnFlightId, legs())));
  return inArray(bookings.id, byReference.union(byPassenger).union(byLeg));
}

/** All bookings for admins, searched by reference, flight number or passenger name. */
export async function listAllBookings(ctx: DbAndClock, query: BookingListQuery): Promise<{ items: Booking[]; total: number }> {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(bookings.status, query.status));
  if (query.search) parts.push(await bookingsMatching(ctx.db, query.search));
  if (query.after) parts.push(gte(bookings.createdAt, new Date(query.after).toISOString()));
  if (query.before) parts.push(lt(bookings.createdAt, new Date(query.before).toISOString()));
  const where = parts.length ? and(...parts) : undefined;
  const total = await ctx.db.$count(bookings, where);
  const nowIso = ctx.now().toISOString();
  const items = await toBookingsJson(
    ctx.db,
    await ctx.db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(desc(bookings.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    nowIso,
  );
  return { items, total };
}

/** All but the last 3 characters starred: enough for a traveller to tell which passport, useless to anyone else. */
export const maskPassport = (number: string) => '*'.repeat(Math.max(0, number.length - 3)) + number.slice(-3);

/**
 * Public tracking needs the reference and the booking's e-mail; a wrong pair never says which half.
 * Both are printed on every booking mail, so passport numbers are masked here (owners see them whole
 * in their dashboard) and boarding passes are left out (they board a plane; only the account holds them).
 */
export async function trackBooking(ctx: DbAndClock, reference: string, email: string): Promise<Booking> {
  const row = await first(ctx.db.select().from(bookings).where(eq(bookings.reference, reference)));
  if (!row || row.email.toLowerCase() !== email) throw new AppError(404, 'Booking not found!');
  const booking = await toBookingJson(ctx.db, row, ctx.now().toISOString());
  return { ...booking, travellers: booking.travellers.map((t) => ({ ...t, passportNumber: maskPassport(t.passportNumber) })), boardingPasses: [] };
}

export async function bookingFor(q: Queryable, user: UserRow, id: string): Promise<BookingRow> {
  const row = await first(q.select().from(bookings).where(eq(bookings.id, id)));
  if (!row) throw notFound('Booking');
  authorize('booking.read', user, { name: 'Booking', ownerId: row.userId });
  return row;
}

/** When the booking's first leg leaves. */
export async function firstDeparture(q: Queryable, booking: BookingRow): Promise<string> {
  const flight = await first(q.select({ departureTime: flights.departureTime }).from(flights).where(eq(flights.id, booking.flightId)));
  if (!flight) throw notFound('Flight');
  return flight.departureTime;
}

/** The statuses of the booking's flights, outbound first. */
export async function legStatuses(q: Queryable, booking: BookingRow): Promise<{ status: FlightStatus }[]> {
  const ids = booking.returnFlightId ? [booking.flightId, booking.returnFlightId] : [booking.flightId];
  return q.select({ status: flights.status }).from(flights).where(inArray(flights.id, ids));
}
