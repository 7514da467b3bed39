import { Router } from 'express';
import { IdParamsSchema } from '../../sync/schemas/common';
import {
  PaymentListQuerySchema,
  PaymentMethodBodySchema,
  PaymentReviewBodySchema,
  PaymentTokenParamsSchema,
  ReceiptBodySchema,
} from '../../sync/schemas/payment';
import type { AppContext } from '../context';
import { whenWritable } from '../db/faults';
import { caller, currentUser } from '../middleware/auth';
import { limitsOf } from '../middleware/rate-limits';
import { createBooking } from '../mutations/create-booking';
import { attachReceipt } from '../mutations/attach-receipt';
import { changePaymentMethod } from '../mutations/change-payment-method';
import { confirmManualPayment } from '../mutations/confirm-manual-payment';
import { reviewPayment } from '../mutations/review-payment';
import { runMutation } from '../mutations/run';
import { getBookingRow, toBookingJson } from '../services/booking/booking-view';
import { listAllPayments, listUserPayments, paymentFor, paymentInstructions, toPaymentJson } from '../services/payment/payments';
import { validate } from '../validate';
import { sendKept } from '../kept-answer';
import { ownAnswer } from '../services/booking/own-answers';

export function paymentRoutes(ctx: AppContext): Router {
  const router = Router();
  const nowIso = () => ctx.now().toISOString();

  /** Books and opens a payment. Crypto and Cash App answer what the modal shows; bank transfer a link. */
  router.post('/payments', ...limitsOf(ctx, createBooking), async (req, res) => {
    const user = caller(req, 'booking.create');
    const { payment, view, cryptoName } = await whenWritable(() => runMutation(ctx, createBooking, user, req.body));
    const instructions = await paymentInstructions(ctx.db, payment, cryptoName);
    res.status(201).json({ link: instructions.link, booking: view, payment: await toPaymentJson(ctx.db, payment, nowIso(), view), instructions });
  });

  router.get('/payments/user', async (req, res) => {
    const userId = currentUser(req).id;
    sendKept(req, res, await ownAnswer(ctx, 'payments', userId, () => listUserPayments(ctx, userId)));
  });

  router.get('/payments', async (req, res) => {
    caller(req, 'backOffice');
    const { items, total } = await listAllPayments(ctx, validate(PaymentListQuerySchema, req.query));
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.get('/payments/token/:token', async (req, res) => {
    const { token } = validate(PaymentTokenParamsSchema, req.params);
    const payment = await paymentFor(ctx.db, currentUser(req), { accessKey: token });
    res.json({ ...(await toPaymentJson(ctx.db, payment, nowIso())), instructions: await paymentInstructions(ctx.db, payment) });
  });

  router.put('/payments/token/:token', ...limitsOf(ctx, attachReceipt), async (req, res) => {
    const { token } = validate(PaymentTokenParamsSchema, req.params);
    const user = currentUser(req);
    const { image } = validate(ReceiptBodySchema, req.body);
    const payment = await runMutation(ctx, attachReceipt, user, { accessKey: token, image });
    res.json({ message: 'Receipt uploaded', payment: await toPaymentJson(ctx.db, payment, nowIso()) });
  });

  /** Another method for the same booking (no seats held anew, no mail; each switch is audited, so limited): answers as POST /payments does. */
  router.put('/payments/:id/method', ...limitsOf(ctx, changePaymentMethod), async (req, res) => {
    const { id } = validate(IdParamsSchema, req.params);
    const body = validate(PaymentMethodBodySchema, req.body);
    const payment = await whenWritable(async () => runMutation(ctx, changePaymentMethod, currentUser(req), { paymentId: id, ...body }));
    const booking = await toBookingJson(ctx.db, await getBookingRow(ctx.db, payment.bookingId), nowIso());
    const instructions = await paymentInstructions(ctx.db, payment, body.cryptoName);
    res.json({ link: instructions.link, booking, payment: await toPaymentJson(ctx.db, payment, nowIso(), booking), instructions });
  });

  router.get('/payments/:id', async (req, res) => {
    const { id } = validate(IdParamsSchema, req.params);
    const payment = await paymentFor(ctx.db, currentUser(req), { id });
    res.json({ ...(await toPaymentJson(ctx.db, payment, nowIso())), instructions: await paymentInstructions(ctx.db, payment) });
  });

  /** 'I have made payment' for crypto and Cash App. */
  router.post('/payments/:id/paid', ...limitsOf(ctx, confirmManualPayment), async (req, res) => {
    const { id } = validate(IdParamsSchema, req.params);
    const payment = await runMutation(ctx, confirmManualPayment, currentUser(req), { paymentId: id });
    res.json({ message: 'Payment awaiting confirmation', payment: await toPaymentJson(ctx.db, payment, nowIso()) });
  });

  router.put('/payments/:id', async (req, res) => {
    const admin = caller(req, 'payment.review');
    const { id } = validate(IdParamsSchema, req.params);
    const payment = await runMutation(ctx, reviewPayment, admin, { paymentId: id, ...validate(PaymentReviewBodySchema, req.body) });
    res.json({ message: 'Payment status updated', payment: await toPaymentJson(ctx.db, payment, nowIso()) });
  });

  return router;
}
