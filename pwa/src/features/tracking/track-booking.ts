import { TrackBodySchema, type Booking } from '../../../../sync/schemas/booking';
import { db } from '../../local/db';
import { api } from '../../lib/api';
import { ApiError, hasCode } from '../../lib/api-error';

export type Tracked = { booking: Booking; fromDevice: boolean };

/** A booking the signed-in user owns, from the device, matched by reference and e-mail. */
async function ownBooking(reference: string, email: string): Promise<Booking | undefined> {
  const booking = await db.bookings.where('bookingId').equals(reference).first();
  return booking?.email.toLowerCase() === email ? booking : undefined;
}

/**
 * Tracks by reference and e-mail (product rules §5.2). Without a connection, the user's own
 * bookings still answer from the device.
 */
export async function trackBooking(input: { bookingId: string; email: string }): Promise<Tracked> {
  const parsed = TrackBodySchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, 'Please enter both Booking Reference and Email.');
  try {
    return { booking: await api<Booking>('/bookings/track', { method: 'POST', body: parsed.data }), fromDevice: false };
  } catch (error) {
    const local = hasCode(error, 'network') ? await ownBooking(parsed.data.bookingId, parsed.data.email) : undefined;
    if (local) return { booking: local, fromDevice: true };
    throw error;
  }
}
