import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../sync/constants';
import { clearDraft, type BookingDraft } from '../../lib/trip/booking-draft';
import { PaymentAnswerSchema, type PaymentAnswer } from '../../../../sync/schemas/payment-answer';

const PLACEMENT_KEY = 'bookingPlacement';

/**
 * The one booking made from the draft when the traveller first proceeded with a payment method. The
 * same method again reuses it (its seats are held for it); another method changes its payment's
 * method; only other seats (the traveller went back to the seat map) release it for a new booking.
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

/** Whether the stored booking holds the draft's seats for its travellers. */
export function forTheseSeats(placement: Placement, draft: BookingDraft): boolean {
  return placement.seats === seatsOf(draft);
}

/** The stored booking when it is for this method and these seats and its deadline has not passed. */
export function reusable(placement: Placement | null, draft: BookingDraft, method: PaymentMethod, now: number): PaymentAnswer | null {
  if (!placement || placement.method !== method || !forTheseSeats(placement, draft)) return null;
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
