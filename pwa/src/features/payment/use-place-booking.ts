import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../sync/constants';
import type { Payment } from '../../../../sync/schemas/payment';
import { protectDeviceData } from '../../local/storage-protection';
import { useSyncRunner } from '../../local/sync-context';
import { api } from '../../lib/api';
import { ApiError, hasCode } from '../../lib/api-error';
import type { BookingDraft } from '../../lib/trip/booking-draft';
import { PaymentAnswerSchema, type PaymentAnswer } from '../../../../sync/schemas/payment-answer';
import { paymentBody, type Order } from './payment-body';
import { forTheseSeats, readPlacement, reusable, storePlacement, type Placement } from './placement';

type Choice = { method: PaymentMethod; cryptoName?: string };

/**
 * Lets go of the booking made earlier from this draft for other seats, so the new ones can be booked.
 * A payment already decided is left alone; one the traveller said is paid is not cancelled.
 */
async function release(previous: Placement): Promise<void> {
  const payment = await api<Payment>(`/payments/${encodeURIComponent(previous.answer.payment._id)}`).catch(() => null);
  if (!payment || payment.status === 'successful') return;
  if (payment.status === 'pending' && payment.awaitingReviewAt) {
    throw new ApiError(409, `You told us booking ${payment.bookingId.bookingId} is paid; we are checking it. Follow it from your bookings.`);
  }
  await api(`/bookings/${encodeURIComponent(previous.answer.booking._id)}/cancel`, { method: 'PUT' }).catch(() => undefined);
}

/**
 * Switches the booking made earlier to another method (PUT /payments/:id/method): same booking, no
 * mail. Null when that booking can no longer be paid (its deadline passed, it was cancelled or
 * decided): a new one is made instead.
 */
async function switchMethod(previous: Placement, { method, cryptoName }: Choice): Promise<PaymentAnswer | null> {
  try {
    const path = `/payments/${encodeURIComponent(previous.answer.payment._id)}/method`;
    return PaymentAnswerSchema.parse(await api<unknown>(path, { method: 'PUT', body: { paymentMethod: method, cryptoName } }));
  } catch (failure) {
    if (hasCode(failure, 'payment_deadline_passed', 'booking_not_pending', 'payment_already_decided', 'not_found')) return null;
    throw failure;
  }
}

/**
 * The booking and its payment for a method: made once (POST /payments) when the traveller first
 * proceeds with a method, then reused, or switched to the method chosen next.
 */
export function usePlaceBooking(draft: BookingDraft | null, order: Order | null) {
  const { requestSync } = useSyncRunner();
  return useMutation({
    mutationFn: async (choice: Choice): Promise<PaymentAnswer> => {
      if (!draft || !order) throw new ApiError(400, 'Your booking details are missing. Please review your booking.');
      const previous = readPlacement(draft);
      const again = reusable(previous, draft, choice.method, Date.now());
      if (again) return again;
      if (previous && !forTheseSeats(previous, draft)) await release(previous);
      const switched = previous && forTheseSeats(previous, draft) ? await switchMethod(previous, choice) : null;
      const answer =
        switched ??
        PaymentAnswerSchema.parse(await api<unknown>('/payments', { method: 'POST', body: paymentBody(draft, order, choice.method, choice.cryptoName) }));
      storePlacement(draft, choice.method, answer);
      // The booking reaches the device with the next pull; then the browser is asked to keep the data.
      void requestSync().then(protectDeviceData);
      return answer;
    },
  });
}
