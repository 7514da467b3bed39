import type { PaymentMethod, TravelClass } from '../../../../sync/constants';
import { centsToDollars } from '../../../../sync/money';
import type { PaymentCreateBody } from '../../../../sync/schemas/payment';
import type { BookingDraft } from '../../lib/trip/booking-draft';
import { toTravellerInput } from '../../lib/trip/traveller-form';

export type Order = { travelClass: TravelClass; totalCents: number };

/** POST /payments from the booking draft; the amount is what the fare summary showed, in dollars. */
export function paymentBody(draft: BookingDraft, order: Order, method: PaymentMethod, cryptoName?: string): PaymentCreateBody {
  return {
    seatNumber: draft.seats,
    flightId: draft.flightId,
    ...(draft.returnFlightId ? { returnFlightId: draft.returnFlightId, returnSeatNumber: draft.returnSeats } : {}),
    classType: order.travelClass,
    amount: centsToDollars(order.totalCents),
    currency: 'USD',
    paymentMethod: method,
    ...(cryptoName ? { cryptoName } : {}),
    travellers: draft.travellers.map(toTravellerInput),
    confirmEmail: draft.email.trim(),
    phone: draft.phone.trim(),
  };
}
