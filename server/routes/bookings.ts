import { Router } from 'express';
import { BookingIdParamsSchema, BookingListQuerySchema, TrackBodySchema } from '../../sync/schemas/booking';
import { AdminBookingBodySchema } from '../../sync/schemas/payment';
import type { AppContext } from '../context';
import { caller, currentUser } from '../middleware/auth';
import { rateLimiters } from '../middleware/rate-limits';
import { createBookingWithPayment } from '../services/booking-create';
import { toBookingJson } from '../services/booking-view';
import { cancelBooking, checkIn, listAllBookings, listUserBookings, markRefundPaid, trackBooking } from '../services/bookings';
import { findUserById } from '../services/users';
import { notFound } from '../errors';
import { may } from '../policies';
import { validate } from '../validate';

export function bookingRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = rateLimiters(ctx);

  router.get('/bookings/user', (req, res) => {
    res.json(listUserBookings(ctx, currentUser(req).id));
  });

  router.get('/bookings', (req, res) => {
    caller(req, 'backOffice');
    const { items, total } = listAllBookings(ctx, validate(BookingListQuerySchema, req.query));
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.post('/bookings/track', limits.track, (req, res) => {
    const { bookingId, email } = validate(TrackBodySchema, req.body);
    res.json(trackBooking(ctx, bookingId, email));
  });

  /** The admin's manual booking for a customer, with the same seat, traveller and flight rules. */
  router.post('/bookings', (req, res) => {
    const admin = caller(req, 'booking.createForCustomer');
    const body = validate(AdminBookingBodySchema, req.body);
    const customer = findUserById(ctx.db, body.userId);
    if (!customer || !may('booking.create', customer)) throw notFound('User');
    const { booking } = createBookingWithPayment(
      ctx,
      {
        userId: customer.id,
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
      admin.id,
    );
    ctx.notify([customer.id]);
    res.status(201).json(toBookingJson(ctx.db, booking, ctx.now().toISOString()));
  });

  router.put('/bookings/:id/cancel', limits.bookingAddress, limits.bookingCancel, (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    res.json(cancelBooking(ctx, currentUser(req), id));
  });

  router.put('/bookings/:id/check-in', (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    res.json(checkIn(ctx, currentUser(req), id));
  });

  router.put('/bookings/:id/refund', (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    res.json(markRefundPaid(ctx, caller(req, 'booking.markRefundPaid'), id));
  });

  return router;
}
