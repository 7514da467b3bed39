import { TrackBodySchema, type Booking } from '../../../../sync/schemas/booking';
import { bookingByReference } from '../../local/device-reads';
import { api } from '../../lib/api';
import { ApiError, hasCode } from '../../lib/api-error';

export type Tracked = { booking: Booking; fromDevice: boolean };

/**
 * Tracks by reference and e-mail (product rules §5.2). Without a connection, the user's own
 * bookings (the only ones the device holds) still answer from the device.
 */
export async function trackBooking(input: { bookingId: string; email: string }): Promise<Tracked> {
  const parsed = TrackBodySchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, 'Please enter both Booking Reference and Email.');
  try {
    return { booking: await api<Booking>('/bookings/track', { method: 'POST', body: parsed.data }), fromDevice: false };
  } catch (error) {
    const local = hasCode(error, 'network') ? await bookingByReference(parsed.data.bookingId, parsed.data.email) : undefined;
    if (local) return { booking: local, fromDevice: true };
    throw error;
  }
}
