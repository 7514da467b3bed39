import { Router } from 'express';
import { BoardingPassCheckSchema, BookingIdParamsSchema, BookingListQuerySchema, RefundPaidBodySchema, TrackBodySchema } from '../../sync/schemas/booking';
import type { AppContext } from '../context';
import { caller, currentUser } from '../middleware/auth';
import { limitsOf, rateLimiters } from '../middleware/rate-limits';
import { cancelBooking } from '../mutations/cancel-booking';
import { checkIn } from '../mutations/check-in';
import { createCustomerBooking } from '../mutations/create-customer-booking';
import { markRefundPaid } from '../mutations/mark-refund-paid';
import { runMutation } from '../mutations/run';
import { listAllBookings, listUserBookings, trackBooking } from '../services/booking/bookings';
import { bookingItinerary } from '../services/booking/itinerary';
import { verifyBoardingPass } from '../services/booking/boarding-passes';
import { validate } from '../validate';
import { sendKept } from '../kept-answer';
import { ownAnswer } from '../services/booking/own-answers';

export function bookingRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = rateLimiters(ctx);

  router.get('/bookings/user', async (req, res) => {
    const userId = currentUser(req).id;
    sendKept(req, res, await ownAnswer(ctx, 'bookings', userId, () => listUserBookings(ctx, userId)));
  });

  router.get('/bookings', async (req, res) => {
    caller(req, 'backOffice');
    const { items, total } = await listAllBookings(ctx, validate(BookingListQuerySchema, req.query));
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.post('/bookings/track', limits.track, async (req, res) => {
    const { bookingId, email } = validate(TrackBodySchema, req.body);
    res.json(await trackBooking(ctx, bookingId, email));
  });

  /** The admin's manual booking for a customer, with the same seat, traveller and flight rules. */
  router.post('/bookings', async (req, res) => {
    const admin = caller(req, 'booking.createForCustomer');
    const { view } = await runMutation(ctx, createCustomerBooking, admin, req.body);
    res.status(201).json(view);
  });

  router.put('/bookings/:id/cancel', ...limitsOf(ctx, cancelBooking), async (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    res.json(await runMutation(ctx, cancelBooking, currentUser(req), { bookingId: id }));
  });

  router.get('/bookings/:id/itinerary.ics', async (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    const { fileName, ics } = await bookingItinerary(ctx, currentUser(req), id);
    res.type('text/calendar; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${fileName}"`).send(ics);
  });

  /** A gate agent's check of a scanned boarding pass (a scanner holding the key checks the signature offline). */
  router.post('/boarding-passes/verify', async (req, res) => {
    caller(req, 'backOffice');
    res.json(await verifyBoardingPass(ctx.db, ctx.jwtSecret, validate(BoardingPassCheckSchema, req.body).code));
  });

  router.put('/bookings/:id/check-in', async (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    res.json(await runMutation(ctx, checkIn, currentUser(req), { bookingId: id }));
  });

  router.put('/bookings/:id/refund', async (req, res) => {
    const { id } = validate(BookingIdParamsSchema, req.params);
    res.json(await runMutation(ctx, markRefundPaid, caller(req, 'booking.markRefundPaid'), { ...validate(RefundPaidBodySchema, req.body), bookingId: id }));
  });

  return router;
}
