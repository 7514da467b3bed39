import { SUPPORT_CHAT_PATH } from '../../../sync/app-routes';
import { bookingPagePath } from '../../../sync/booking-page';
import type { Booking } from '../../../sync/schemas/booking';
import type { PushPayload } from '../../../sync/schemas/push';
import type { Queryable } from '../../db/client';
import { pushEffect, type Effect } from '../../outbox/effects';
import { WHAT, type FlightChange } from '../catalogue/flight-status';
import { subscribedUsers } from './subscriptions';

/** A booking as the notifications name it. */
type BookingRef = Pick<Booking, '_id' | 'bookingId'>;

/** What changed on a flight, as a notification says it after 'Flight SW123 …'. */
function flightNews(change: FlightChange): string {
  const news = [
    change.status && WHAT[change.status],
    change.times && 'has new times',
    change.gate !== undefined && (change.gate ? `boards at gate ${change.gate}` : 'has no gate yet'),
  ];
  return news.filter(Boolean).join(' and ');
}

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The notifications the server sends, each pointing at the screen that shows the news. */
export const notices = {
  paymentApproved: (booking: BookingRef): PushPayload => ({
    title: `Booking ${booking.bookingId} is confirmed`,
    body: 'Your payment was received. Your seats are yours.',
    url: bookingPagePath(booking._id),
    tag: `payment-${booking._id}`,
  }),
  paymentRejected: (booking: BookingRef, reason: string): PushPayload => ({
    title: `Payment for booking ${booking.bookingId} was not accepted`,
    body: clip(reason ? `${reason}. You may upload a new receipt before the deadline.` : 'You may upload a new receipt before the deadline.', 400),
    url: bookingPagePath(booking._id),
    tag: `payment-${booking._id}`,
  }),
  flightChanged: (booking: BookingRef, flightNumber: string, change: FlightChange): PushPayload => ({
    title: clip(`Flight ${flightNumber} ${flightNews(change)}`, 120),
    body: `Booking ${booking.bookingId}: see your itinerary for the details.`,
    url: bookingPagePath(booking._id),
    tag: `flight-${flightNumber}-${booking._id}`,
  }),
  checkInOpen: (booking: BookingRef): PushPayload => ({
    title: `Check-in is open for booking ${booking.bookingId}`,
    body: 'Check in online and get your boarding passes.',
    url: bookingPagePath(booking._id),
    tag: `check-in-${booking._id}`,
  }),
  supportReply: (content: string, hasImage: boolean): PushPayload => ({
    title: 'SkyWay support replied',
    body: clip(content.trim() || (hasImage ? 'Sent an image' : 'New message'), 200),
    url: SUPPORT_CHAT_PATH,
    tag: 'support-reply',
  }),
};

/** Push effects for the users who have a browser to notify; none for the others. */
export async function pushTo(q: Queryable, messages: readonly { userId: string; payload: PushPayload }[], unlessConnected = false): Promise<Effect[]> {
  const subscribed = await subscribedUsers(
    q,
    messages.map((m) => m.userId),
  );
  return messages.filter((m) => subscribed.has(m.userId)).map((m) => pushEffect(m.userId, m.payload, unlessConnected));
}
