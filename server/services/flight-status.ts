import { and, eq, inArray, or } from 'drizzle-orm';
import type { FlightStatus } from '../../sync/constants';
import type { Booking } from '../../sync/schemas/booking';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { bookings } from '../db/schema';
import { toBookingJson } from './booking-view';
import { itinerary } from './notifications';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const WHAT: Record<FlightStatus, string> = {
  scheduled: 'is back on schedule',
  delayed: 'is delayed',
  cancelled: 'has been cancelled',
  departed: 'has departed',
};

/** The bookings still travelling on a flight (pending or confirmed, on either leg), as travellers see them. */
export function bookingsOnFlight(q: Queryable, flightId: string, nowIso: string): Booking[] {
  return q
    .select()
    .from(bookings)
    .where(and(inArray(bookings.status, ['pending', 'confirmed']), or(eq(bookings.flightId, flightId), eq(bookings.returnFlightId, flightId))))
    .all()
    .map((row) => toBookingJson(q, row, nowIso));
}

function statusMail(booking: Booking, flightNumber: string, status: FlightStatus) {
  const lines = [
    `Dear ${booking.userId.fullName}, flight ${flightNumber} on your booking ${booking.bookingId} ${WHAT[status]}.`,
    'Your itinerary (local airport times):',
    ...itinerary(booking),
  ];
  return {
    to: booking.email,
    subject: `Flight ${flightNumber} ${WHAT[status]}`,
    text: `${lines.join('\n')}\n\nSkyWay Airlines\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>SkyWay Airlines</p></body></html>`,
  };
}

/** After a committed status change: every booked traveller gets a mail and a poke; admins a poke. */
export function announceFlightStatus(ctx: AppContext, flightNumber: string, status: FlightStatus, affected: Booking[]): void {
  for (const booking of affected) {
    ctx.mailer.send(statusMail(booking, flightNumber, status)).catch((error: unknown) => ctx.log.error({ err: error }, 'mail failed'));
  }
  const userIds = [...new Set(affected.map((b) => b.userId._id))];
  if (userIds.length) ctx.notify(userIds);
  ctx.notify('admins');
}
