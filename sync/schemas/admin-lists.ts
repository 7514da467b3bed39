import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { IsoDateSchema } from './common';

/**
 * The query of the admin's list pages (/dashboard/all-payments, /dashboard/all-bookings): what the
 * overview's figures link to, what a reload keeps. A value that is not one falls back to its default,
 * so a hand-edited address still opens the list.
 */

/** Where a payment stands for the review queue: awaiting review (a receipt or 'I have made payment'), not yet paid, or decided. */
export const QUEUE_STATUSES = ['awaiting', 'unpaid', 'successful', 'failed'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Kept as typed (a trailing space is the next word coming); at most 100 characters. */
const search = z
  .string()
  .transform((text) => text.slice(0, 100))
  .catch('');
const date = IsoDateSchema.catch('');
const page = z.coerce.number().int().min(1).max(100_000).catch(1);

export const PaymentQueueQuerySchema = z.object({
  q: search,
  status: z.enum(['any', ...QUEUE_STATUSES]).catch('any'),
  method: z.enum(['any', ...PAYMENT_METHODS]).catch('any'),
  /** '1': only payments carrying a receipt. */
  receipt: z
    .literal('1')
    .transform(() => true)
    .catch(false),
  from: date,
  to: date,
  page,
});
export type PaymentQueueQuery = z.infer<typeof PaymentQueueQuerySchema>;

export const BookingListQuerySchema = z.object({ q: search, from: date, to: date, page });
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;

/** The overview's 'Payments to review': the queue, awaiting review only. */
export const AWAITING_REVIEW_PATH = '/dashboard/all-payments?status=awaiting';

/** The overview's 'Bookings today': the bookings made on one calendar day (YYYY-MM-DD). */
export const bookingsOnPath = (date: string) => `/dashboard/all-bookings?${new URLSearchParams({ from: date, to: date }).toString()}`;
