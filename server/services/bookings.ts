import { and, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Booking } from '../../sync/schemas/booking';
import type { AppContext } from '../context';
import { immediate } from '../db/client';
import { bookings, flights, travellers } from '../db/schema';
import { nextVersion } from '../db/version';
import { AppError, conflict, notFound } from '../errors';
import { authorize } from '../policies';
import { cancelBookingTx } from './booking-status';
import { getBookingRow, toBookingJson, type BookingRow } from './booking-view';
import { notify } from './notifications';
import type { UserRow } from './users';

const HOUR = 3_600_000;

export function listUserBookings(ctx: AppContext, userId: string): Booking[] {
  const nowIso = ctx.now().toISOString();
  return ctx.db
    .select()
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt))
    .all()
    .map((row) => toBookingJson(ctx.db, row, nowIso));
}

export type BookingListQuery = { search?: string; status?: BookingRow['status']; page: number; limit: number };

/** All bookings for admins, searched by reference, flight number or passenger name. */
export function listAllBookings(ctx: AppContext, query: BookingListQuery): { items: Booking[]; total: number } {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(bookings.status, query.status));
  if (query.search) {
    const term = `%${query.search}%`;
    const byFlight = ctx.db.select({ id: flights.id }).from(flights).where(like(flights.flightNumber, term));
    const byPassenger = ctx.db
      .select({ id: travellers.bookingId })
      .from(travellers)
      .where(like(sql`${travellers.firstName} || ' ' || ${travellers.lastName}`, term));
    const byLeg = or(inArray(bookings.flightId, byFlight), inArray(bookings.returnFlightId, byFlight));
    parts.push(or(like(bookings.reference, term), byLeg, inArray(bookings.id, byPassenger)) ?? sql`1`);
  }
  const where = parts.length ? and(...parts) : undefined;
  const total = ctx.db.select({ n: sql<number>`count(*)` }).from(bookings).where(where).get()?.n ?? 0;
  const nowIso = ctx.now().toISOString();
  const items = ctx.db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all()
    .map((row) => toBookingJson(ctx.db, row, nowIso));
  return { items, total };
}

/** All but the last 3 characters starred: enough for a traveller to tell which passport, useless to anyone else. */
export const maskPassport = (number: string) => '*'.repeat(Math.max(0, number.length - 3)) + number.slice(-3);

/**
 * Public tracking needs the reference and the booking's e-mail; a wrong pair never says which half.
 * Both are printed on every booking mail, so passport numbers are masked here (owners see them whole
 * in their dashboard).
 */
export function trackBooking(ctx: AppContext, reference: string, email: string): Booking {
  const row = ctx.db.select().from(bookings).where(eq(bookings.reference, reference)).get();
  if (!row || row.email.toLowerCase() !== email) throw new AppError(404, 'Booking not found!');
  const booking = toBookingJson(ctx.db, row, ctx.now().toISOString());
  return { ...booking, travellers: booking.travellers.map((t) => ({ ...t, passportNumber: maskPassport(t.passportNumber) })) };
}

export function bookingFor(ctx: AppContext, user: UserRow, id: string): BookingRow {
  const row = ctx.db.select().from(bookings).where(eq(bookings.id, id)).get();
  if (!row) throw notFound('Booking');
  authorize('booking.read', user, { name: 'Booking', ownerId: row.userId });
  return row;
}

function firstDeparture(ctx: AppContext, booking: BookingRow): string {
  const flight = ctx.db.select({ departureTime: flights.departureTime }).from(flights).where(eq(flights.id, booking.flightId)).get();
  if (!flight) throw notFound('Flight');
  return flight.departureTime;
}

/** A traveller (or an admin) cancels a pending or confirmed booking before departure. */
export function cancelBooking(ctx: AppContext, user: UserRow, id: string): Booking {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const reason = user.role === 'admin' ? 'cancelled by the airline' : 'cancelled by the traveller';
  const { booking, refund } = immediate(ctx.db, (tx) => {
    const row = bookingFor(ctx, user, id);
    if (row.status !== 'pending' && row.status !== 'confirmed') throw conflict(`A ${row.status} booking cannot be cancelled`);
    if (firstDeparture(ctx, row) <= nowIso) throw conflict('A booking cannot be cancelled after departure');
    const applies = cancelBookingTx(tx, row, { actorId: user.id, reason, now, version: nextVersion(tx) });
    return { booking: toBookingJson(tx, getBookingRow(tx, id), nowIso), refund: applies };
  });
  notify.bookingCancelled(ctx, booking, reason, refund);
  ctx.notify([booking.userId._id]);
  return booking;
}

/** Online check-in for the booking's owner: confirmed bookings, from 48 h to 1 h before departure. */
export function checkIn(ctx: AppContext, user: UserRow, id: string): Booking {
  const now = ctx.now();
  const row = bookingFor(ctx, user, id);
  authorize('booking.checkIn', user, { name: 'Booking', ownerId: row.userId });
  if (row.status !== 'confirmed') throw conflict('Only confirmed bookings can be checked in');
  const departure = Date.parse(firstDeparture(ctx, row));
  if (now.getTime() < departure - 48 * HOUR) throw conflict('Check-in opens 48 hours before departure');
  if (now.getTime() > departure - HOUR) throw conflict('Check-in closed 1 hour before departure');
  if (!row.checkedInAt) {
    immediate(ctx.db, (tx) => {
      tx.update(bookings).set({ checkedInAt: now.toISOString(), updatedAt: now.toISOString(), version: nextVersion(tx) }).where(eq(bookings.id, id)).run();
    });
  }
  ctx.notify([row.userId]);
  return toBookingJson(ctx.db, getBookingRow(ctx.db, id), now.toISOString());
}

/** The admin marks the refund of a cancelled paid booking as paid. */
export function markRefundPaid(ctx: AppContext, admin: UserRow, id: string): Booking {
  const nowIso = ctx.now().toISOString();
  return immediate(ctx.db, (tx) => {
    const row = bookingFor(ctx, admin, id);
    if (row.refundDueCents === null) throw conflict('This booking has no refund due');
    if (row.refundPaidAt) throw conflict('This refund is already paid');
    tx.update(bookings).set({ refundPaidAt: nowIso, updatedAt: nowIso, version: nextVersion(tx) }).where(eq(bookings.id, id)).run();
    return toBookingJson(tx, getBookingRow(tx, id), nowIso);
  });
}
