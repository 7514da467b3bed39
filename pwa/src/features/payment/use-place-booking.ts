import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../sync/constants';
import type { Payment } from '../../../../sync/schemas/payment';
import { protectDeviceData } from '../../local/storage-protection';
import { useSyncRunner } from '../../local/sync-context';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import type { BookingDraft } from '../../lib/trip/booking-draft';
import { PaymentAnswerSchema, type PaymentAnswer } from '../../lib/trip/payment-answer';
import { paymentBody, type Order } from './payment-body';
import { readPlacement, reusable, storePlacement, type Placement } from './placement';

/**
 * Lets go of the booking made earlier from this draft, so its seats can be booked again with another
 * method. A payment already decided is left alone; one the traveller said is paid is not cancelled.
 */
async function release(previous: Placement): Promise<void> {
  const payment = await api<Payment>(`/payments/${encodeURIComponent(previous.answer.payment._id)}`).catch(() => null);
  if (!payment || payment.status === 'successful') return;
  if (payment.status === 'pending' && payment.awaitingReviewAt) {
    throw new ApiError(409, `You told us booking ${payment.bookingId.bookingId} is paid; we are checking it. Follow it from your bookings.`);
  }
  await api(`/bookings/${encodeURIComponent(previous.answer.booking._id)}/cancel`, { method: 'PUT' }).catch(() => undefined);
}

/** Creates the booking and its payment for a method (POST /payments), or reuses the one made before. */
export function usePlaceBooking(draft: BookingDraft | null, order: Order | null) {
  const { requestSync } = useSyncRunner();
  return useMutation({
    mutationFn: async ({ method, cryptoName }: { method: PaymentMethod; cryptoName?: string }): Promise<PaymentAnswer> => {
      if (!draft || !order) throw new ApiError(400, 'Your booking details are missing. Please review your booking.');
      const previous = readPlacement(draft);
      const again = reusable(previous, draft, method, Date.now());
      if (again) return again;
      if (previous) await release(previous);
      const answer = PaymentAnswerSchema.parse(await api<unknown>('/payments', { method: 'POST', body: paymentBody(draft, order, method, cryptoName) }));
      storePlacement(draft, method, answer);
      // The booking reaches the device with the next pull; then the browser is asked to keep the data.
      void requestSync().then(protectDeviceData);
      return answer;
    },
  });
}
