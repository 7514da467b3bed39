import { AdminBookingBodySchema } from '../../sync/schemas/payment';
import { notFound } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { createBookingWithPayment } from '../services/booking/new-booking';
import type { UserRow } from '../actor';
import { findUserById } from '../services/identity/users';
import { authorize, may } from '../policies';
import { defineMutation } from './mutation';

/** 'booking.createForCustomer': admins only. */
export function mayBookForCustomer(user: UserRow): void {
  authorize('booking.createForCustomer', user);
}

/** The admin's manual booking for a customer, with the same seat, traveller and flight rules. */
export const createCustomerBooking = defineMutation({
  name: 'createCustomerBooking',
  args: AdminBookingBodySchema,
  locks: (body) => ({ flights: [body.flightId, body.returnFlightId ?? null] }),
  permission: mayBookForCustomer,
  async run(tx, deps, admin, body) {
    const customer = await findUserById(tx, body.userId);
    if (!customer || !may('booking.create', customer)) throw notFound('User');
    const created = await createBookingWithPayment(
      tx,
      deps,
      {
        flightId: body.flightId,
        seats: body.seatId,
        returnFlightId: body.returnFlightId,
        returnSeats: body.returnSeatNumber,
        travelClass: body.classType,
        travellers: body.travellers,
        email: body.confirmEmail ?? customer.email,
        phone: body.phone ?? customer.mobile ?? '',
        method: body.paymentMethod,
        cryptoName: body.cryptoName,
      },
      { booker: customer, actor: admin },
    );
    return { result: created, effects: [pokeEffect([customer.id])] };
  },
});
