import dayjs from 'dayjs';
import { bookingPagePath } from '../../../sync/booking-page';
import { formatMoney } from '../../../sync/money';
import { refundSentence, type Refund } from '../../../sync/refund';
import type { Booking } from '../../../sync/schemas/booking';
import { localDateTime } from '../../../sync/time';
import type { Queryable } from '../../db/client';
import { mailEffect, type Effect } from '../../outbox/effects';
import type { Mail } from './mail';
import { verifiedAddress } from '../identity/email-verification';
import { readSettings } from '../back-office/settings';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Leg = Booking['flightId'];

/** Where the site is, for the links in mails: the server's address, or the one a job was given. */
export type Site = { siteUrl: string };

/** One leg in the airports' local times: 'SW100 Lagos (LOS) Mon 01 Dec 07:15 -> London (LHR) 13:55'. */
function legLine(leg: Leg): string {
  const departs = localDateTime(leg.departureTime, leg.origin.timeZone);
  const arrives = localDateTime(leg.arrivalTime, leg.destination.timeZone);
  const day = dayjs(departs.date).format('ddd DD MMM YYYY');
  const later = arrives.date !== departs.date ? ` (${dayjs(arrives.date).format('ddd DD MMM')})` : '';
  return `${leg.flightNumber} ${leg.origin.city} (${leg.origin.code}) ${day} ${departs.time} -> ${leg.destination.city} (${leg.destination.code}) ${arrives.time}${later}`;
}

export function itinerary(booking: Booking): string[] {
  const legs = [booking.flightId, booking.returnFlightId].filter((l): l is Leg => l !== null);
  const travellers = booking.travellers.map((t) => `${t.title} ${t.firstName} ${t.lastName}`).join(', ');
  const seats = booking.seatId.map((s) => s.seatNumber).join(', ');
  return [...legs.map(legLine), `Travellers: ${travellers}`, `Seats: ${seats}`, `Total: ${formatMoney(Math.round(booking.totalAmount * 100))}`];
}

/** The traveller's way back to the booking's own page (status, payment deadline, next action). */
export function pageLine(site: Site, booking: Booking, action = 'Manage your booking'): string {
  return `${action}: ${site.siteUrl}${bookingPagePath(booking._id)}`;
}

/** A mail whose lines are the plain-text part and, escaped, the HTML part; signed by the airline. */
export function composeMail(to: string, subject: string, lines: string[]): Mail {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>SkyWay Airlines</p></body></html>`;
  return { to, subject, text: `${lines.join('\n')}\n\nSkyWay Airlines\n`, html };
}

async function toOperator(q: Queryable, subject: string, lines: string[]): Promise<Effect> {
  return mailEffect(composeMail((await readSettings(q)).mail.name, subject, lines));
}

/**
 * Booking mails go to the account's own e-mail once its owner confirmed it by the mailed link, never to
 * the contact e-mail typed into the booking: an account cannot make the airline mail strangers. An
 * unconfirmed account gets no mail; its dashboard shows everything.
 */
export async function toTraveller(q: Queryable, booking: Booking, compose: (to: string) => Mail): Promise<Effect[]> {
  const to = await verifiedAddress(q, booking.userId._id);
  return to ? [mailEffect(compose(to))] : [];
}

/** The booking and payment mails, as effects for the outbox: written with the change, sent after it commits. */
export const bookingMails = {
  async paymentRequested(site: Site, q: Queryable, booking: Booking, method: string): Promise<Effect[]> {
    return [
      await toOperator(q, `Payment requested: booking ${booking.bookingId}`, [
        `${booking.userId.fullName} (${booking.userId.email}) started a ${method} payment for booking ${booking.bookingId}.`,
        ...itinerary(booking),
      ]),
    ];
  },
  async receiptUploaded(site: Site, q: Queryable, booking: Booking): Promise<Effect[]> {
    return [
      await toOperator(q, `Receipt uploaded: booking ${booking.bookingId}`, [
        `${booking.userId.fullName} has uploaded payment receipt for booking ${booking.bookingId}. Please review it.`,
        ...itinerary(booking),
      ]),
    ];
  },
  async paymentClaimed(site: Site, q: Queryable, booking: Booking): Promise<Effect[]> {
    return [
      await toOperator(q, `Confirm Payment: booking ${booking.bookingId}`, [
        `${booking.userId.fullName} says the payment for booking ${booking.bookingId} has been made. Please confirm it.`,
        ...itinerary(booking),
      ]),
    ];
  },
  async paymentConfirmed(site: Site, q: Queryable, booking: Booking): Promise<Effect[]> {
    return toTraveller(q, booking, (to) =>
      composeMail(to, `Your booking ${booking.bookingId} is confirmed`, [
        `Dear ${booking.userId.fullName}, your payment was received and booking ${booking.bookingId} is confirmed.`,
        pageLine(site, booking),
        'Your itinerary (local airport times):',
        ...itinerary(booking),
      ]),
    );
  },
  async paymentFailed(site: Site, q: Queryable, booking: Booking, reason: string): Promise<Effect[]> {
    return toTraveller(q, booking, (to) =>
      composeMail(to, `Payment for booking ${booking.bookingId} was not accepted`, [
        `Dear ${booking.userId.fullName}, we could not accept the payment for booking ${booking.bookingId}.`,
        `Reason: ${reason}`,
        'You may upload a new receipt before the payment deadline.',
        pageLine(site, booking, 'Upload a new receipt'),
        ...itinerary(booking),
      ]),
    );
  },
  /** The refund line follows what was received: an amount due, a refund only if the money arrives, or none. */
  async bookingCancelled(site: Site, q: Queryable, booking: Booking, reason: string, refund: Refund): Promise<Effect[]> {
    return toTraveller(q, booking, (to) =>
      composeMail(to, `Booking ${booking.bookingId} is cancelled`, [
        `Dear ${booking.userId.fullName}, booking ${booking.bookingId} is cancelled (${reason}). Its seats have been released.`,
        refundSentence(refund),
        pageLine(site, booking),
        ...itinerary(booking),
      ]),
    );
  },
  /** The admin sent the refund due; the admin's note stays internal (audit only). */
  async refundPaid(site: Site, q: Queryable, booking: Booking, cents: number, method: string): Promise<Effect[]> {
    return toTraveller(q, booking, (to) =>
      composeMail(to, `Refund sent for booking ${booking.bookingId}`, [
        `Dear ${booking.userId.fullName}, we have sent the refund of ${formatMoney(cents)} for cancelled booking ${booking.bookingId} by ${method}.`,
        'Depending on the method it may take a few days to reach you. If it has not arrived within a week, reply to this e-mail with your booking reference.',
        pageLine(site, booking),
      ]),
    );
  },
  /** A claimed payment nobody reviewed before the review deadline: the booking is cancelled; both sides hear. */
  async reviewExpired(site: Site, q: Queryable, booking: Booking): Promise<Effect[]> {
    const hours = (await readSettings(q)).reviewDeadlineHours;
    const traveller = await toTraveller(q, booking, (to) =>
      composeMail(to, `Booking ${booking.bookingId} is cancelled`, [
        `Dear ${booking.userId.fullName}, we could not confirm the payment for booking ${booking.bookingId} in time, so the booking is cancelled and its seats have been released.`,
        'If you sent the money, reply to this e-mail with your booking reference and we will refund it in full.',
        pageLine(site, booking),
        ...itinerary(booking),
      ]),
    );
    return [
      ...traveller,
      await toOperator(q, `Review deadline passed: booking ${booking.bookingId}`, [
        `The payment ${booking.userId.fullName} (${booking.userId.email}) reported for booking ${booking.bookingId} was not reviewed within ${hours} hours. The booking is cancelled and its seats are released.`,
        'If the money arrived, please refund it in full.',
        ...itinerary(booking),
      ]),
    ];
  },
};
