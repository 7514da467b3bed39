import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../sync/constants';
import { clearDraft, type BookingDraft } from '../../lib/trip/booking-draft';
import { PaymentAnswerSchema, type PaymentAnswer } from '../../lib/trip/payment-answer';

const PLACEMENT_KEY = 'bookingPlacement';

/**
 * The booking made from the draft when a payment method was opened. Opening the same method again
 * reuses it (its seats are held for it); another method, or other seats, release it first.
 */
const PlacementSchema = z.object({ trip: z.string(), seats: z.string(), method: z.enum(PAYMENT_METHODS), answer: PaymentAnswerSchema });
export type Placement = z.infer<typeof PlacementSchema>;

const tripOf = (draft: BookingDraft) => `${draft.flightId}|${draft.returnFlightId ?? ''}`;
const seatsOf = (draft: BookingDraft) => `${draft.seats.join(',')}|${draft.returnSeats.join(',')}|${draft.travellers.length}`;

export function readPlacement(draft: BookingDraft): Placement | null {
  try {
    const parsed = PlacementSchema.safeParse(JSON.parse(localStorage.getItem(PLACEMENT_KEY) ?? 'null'));
    return parsed.success && parsed.data.trip === tripOf(draft) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored booking when it is for this method and these seats and its deadline has not passed. */
export function reusable(placement: Placement | null, draft: BookingDraft, method: PaymentMethod, now: number): PaymentAnswer | null {
  if (!placement || placement.method !== method || placement.seats !== seatsOf(draft)) return null;
  return Date.parse(placement.answer.payment.deadlineAt) > now ? placement.answer : null;
}

export function storePlacement(draft: BookingDraft, method: PaymentMethod, answer: PaymentAnswer): void {
  const placement: Placement = { trip: tripOf(draft), seats: seatsOf(draft), method, answer };
  localStorage.setItem(PLACEMENT_KEY, JSON.stringify(placement));
}

function clearPlacement(): void {
  localStorage.removeItem(PLACEMENT_KEY);
}

/** The traveller has paid or sent the receipt: the draft and its booking are done with. */
export function finishPlacement(): void {
  clearPlacement();
  clearDraft();
}
