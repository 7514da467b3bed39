import { dollarsToCents } from '../../sync/money';
import { PaymentCreateBodySchema } from '../../sync/schemas/payment';
import { authorize } from '../policies';
import { pokeEffect } from '../outbox/effects';
import { createBookingWithPayment } from '../services/booking/new-booking';
import { bookingMails } from '../services/mail/notifications';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'booking.create': any signed-in account books for itself; guests have none. */
export function mayBook(user: UserRow): void {
  authorize('booking.create', user);
}

/**
 * A traveller books seats and opens a payment; the browser's amount must be the server's fare. Answers
 * the rows written, the booking as committed (`view`) and the coin chosen, from which the route shapes
 * what the payment modal shows.
 */
export const createBooking = defineMutation({
  name: 'createBooking',
  args: PaymentCreateBodySchema,
  limits: ['bookingAddress', 'booking'],
  locks: (body, user) => ({ accounts: [user.id], flights: [body.flightId, body.returnFlightId ?? null] }),
  permission: mayBook,
  async run(tx, deps, user, body) {
    const input = {
      flightId: body.flightId,
      seats: body.seatNumber,
      returnFlightId: body.returnFlightId,
      returnSeats: body.returnSeatNumber,
      travelClass: body.classType,
      travellers: body.travellers,
      email: body.confirmEmail,
      phone: body.phone,
      method: body.paymentMethod,
      cryptoName: body.cryptoName,
      expectedAmountCents: dollarsToCents(body.amount),
    };
    const created = await createBookingWithPayment(tx, deps, input, { booker: user, actor: user });
    return {
      result: { ...created, cryptoName: body.cryptoName },
      effects: [...(await bookingMails.paymentRequested(deps, tx, created.view, created.payment.method)), pokeEffect([user.id])],
    };
  },
});
