import { and, eq, inArray, or } from 'drizzle-orm';
import type { FlightStatus } from '../../../sync/constants';
import { AIRLINE_CANCELLED_OFFER } from '../../../sync/airline-cancellation';
import type { Booking } from '../../../sync/schemas/booking';
import { inTurn, type Queryable } from '../../db/client';
import { bookings } from '../../db/schema';
import { toBookingsJson } from '../booking/booking-view';
import { pokeEffect, type Effect } from '../../outbox/effects';
import { composeMail, itinerary, pageLine, toTraveller, type Site } from '../mail/notifications';

/** What changed on a flight that its travellers hear about. */
export type FlightChange = { status?: FlightStatus; gate?: string | null; times?: true };

export const WHAT: Record<FlightStatus, string> = {
  scheduled: 'is back on schedule',
  delayed: 'is delayed',
  cancelled: 'has been cancelled',
  departed: 'has departed',
};

/** The bookings still travelling on a flight (pending or confirmed, on either leg), as travellers see them. */
export async function bookingsOnFlight(q: Queryable, flightId: string, nowIso: string): Promise<Booking[]> {
  const rows = await q
    .select()
    .from(bookings)
    .where(and(inArray(bookings.status, ['pending', 'confirmed']), or(eq(bookings.flightId, flightId), eq(bookings.returnFlightId, flightId))));
  return toBookingsJson(q, rows, nowIso);
}

function statusMail(site: Site, to: string, booking: Booking, flightNumber: string, status: FlightStatus) {
  return composeMail(to, `Flight ${flightNumber} ${WHAT[status]}`, [
    `Dear ${booking.userId.fullName}, flight ${flightNumber} on your booking ${booking.bookingId} ${WHAT[status]}.`,
    ...(status === 'cancelled' ? [AIRLINE_CANCELLED_OFFER] : []),
    pageLine(site, booking),
    'Your itinerary (local airport times):',
    ...itinerary(booking),
  ]);
}

/** A committed status change: every booked traveller gets a poke, and a mail once their e-mail is confirmed; admins a poke. */
export async function flightStatusEffects(site: Site, q: Queryable, flightNumber: string, status: FlightStatus, affected: Booking[]): Promise<Effect[]> {
  const mails = await inTurn(affected, (booking) => toTraveller(q, booking, (to) => statusMail(site, to, booking, flightNumber, status)));
  return [...mails.flat(), pokeEffect([...new Set(affected.map((b) => b.userId._id))])];
}
