import { z } from 'zod';
import { CURRENCY, MAX_TRAVELLERS, PAYMENT_METHODS, PAYMENT_STATUSES, TRAVEL_CLASSES } from '../constants';
import { BookingSchema, SeatLabelSchema, TravellerInputSchema } from './booking';
import { EmailSchema, IdSchema, IsoDateTimeSchema } from './common';

const SeatListSchema = z
  .array(SeatLabelSchema, { error: 'Choose one seat per traveller' })
  .min(1, 'Choose one seat per traveller')
  .max(MAX_TRAVELLERS, `At most ${MAX_TRAVELLERS} travellers`);

export const PaymentCreateBodySchema = z.object({
  seatNumber: SeatListSchema,
  flightId: IdSchema,
  returnFlightId: IdSchema.optional(),
  returnSeatNumber: SeatListSchema.optional(),
  classType: z.enum(TRAVEL_CLASSES, { error: 'Choose a travel class' }),
  amount: z.number({ error: 'amount must be a number' }).nonnegative('amount cannot be negative').max(100_000_000, 'amount is too large'),
  currency: z.literal(CURRENCY, { error: 'Only USD is supported' }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose bank_transfer, crypto or cashApp' }),
  cryptoName: z.string().trim().max(40).optional(),
  travellers: z.array(TravellerInputSchema).min(1, 'Add at least one traveller').max(MAX_TRAVELLERS),
  confirmEmail: EmailSchema,
  phone: z.string({ error: 'Enter mobile number' }).trim().min(1, 'Enter mobile number').max(40),
});
export type PaymentCreateBody = z.infer<typeof PaymentCreateBodySchema>;

/** PUT /payments/:id/method: the traveller switches their pending payment to another method. */
export const PaymentMethodBodySchema = PaymentCreateBodySchema.pick({ paymentMethod: true, cryptoName: true });

export const PaymentSchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  bookingId: BookingSchema,
  userId: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
  amount: z.number(),
  currency: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  awaitingReviewAt: z.string().nullable(),
  /** Until when an admin has to decide while the payment awaits review (then the booking is cancelled). */
  reviewDeadlineAt: z.string().nullable(),
  deadlineAt: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  /** When the payment last changed: an admin's device keeps recent ones (sync/working-set.ts). */
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentReviewBodySchema = z
  .object({
    status: z.enum(['successful', 'failed'], { error: "Status must be 'successful' or 'failed'" }),
    reason: z.string().trim().max(500).optional(),
    expectedStatus: z.enum(PAYMENT_STATUSES).optional(),
  })
  .refine((b) => b.status !== 'failed' || (b.reason ?? '').length > 0, {
    message: 'A reason is required when a payment fails',
    path: ['reason'],
  });

export const ReceiptBodySchema = z.object({
  image: z.string({ error: 'No image found' }).trim().min(1, 'No image found').max(300),
});

export const PaymentTokenParamsSchema = z.object({ token: z.string().trim().min(8).max(64) });

/** The admin's manual booking: the same rules as a traveller's, for a chosen user; no amount to check. */
export const AdminBookingBodySchema = PaymentCreateBodySchema.omit({ amount: true, seatNumber: true, confirmEmail: true, phone: true }).extend({
  userId: IdSchema,
  seatId: SeatListSchema,
  paymentMethod: z.enum(PAYMENT_METHODS).default('bank_transfer'),
  confirmEmail: EmailSchema.optional(),
  phone: z.string().trim().max(40).optional(),
});
export type AdminBookingBody = z.infer<typeof AdminBookingBodySchema>;

/**
 * GET /payments (admins): a page of every payment, newest first; or in the review queue's order (`order=queue`:
 * awaiting review first, the longest waiting on top). `stage` tells a pending payment awaiting review from an
 * unpaid one; `after` and `before` bound when it was made.
 */
export const PaymentListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  stage: z.enum(['awaiting', 'unpaid']).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  receipt: z.literal('1').optional(),
  after: IsoDateTimeSchema.optional(),
  before: IsoDateTimeSchema.optional(),
  order: z.enum(['newest', 'queue']).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(5),
});
