import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { cryptoAmount } from '../../../sync/fare';
import { centsToDollars } from '../../../sync/money';
import type { Booking } from '../../../sync/schemas/booking';
import type { Payment } from '../../../sync/schemas/payment';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { bookings, payments, seatAllocations, users } from '../../db/schema';
import { notFound } from '../../errors';
import { authorize } from '../../policies';
import { getBookingRow, toBookingJson } from '../booking/booking-view';
import { imageUrl } from '../images/images';
import { readSettings } from '../back-office/settings';
import type { UserRow } from '../identity/users';

export type PaymentRow = typeof payments.$inferSelect;

/** While the payment awaits review: until when its seats stay held (the review deadline, never past departure). */
function reviewDeadline(q: Queryable, row: PaymentRow): string | null {
  if (row.status !== 'pending' || !row.awaitingReviewAt) return null;
  const held = and(eq(seatAllocations.bookingId, row.bookingId), eq(seatAllocations.state, 'held'));
  return (
    q
      .select({ at: sql<string | null>`max(${seatAllocations.holdExpiresAt})` })
      .from(seatAllocations)
      .where(held)
      .get()?.at ?? null
  );
}

/** The payment with its booking populated; a caller that already built the booking passes it in. */
export function toPaymentJson(q: Queryable, row: PaymentRow, nowIso: string, booking?: Booking): Payment {
  const user = q.select({ _id: users.id, fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, row.userId)).get();
  return {
    _id: row.id,
    transactionId: row.transactionId,
    bookingId: booking ?? toBookingJson(q, getBookingRow(q, row.bookingId), nowIso),
    userId: user ?? { _id: row.userId, fullName: '', email: '' },
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    paymentMethod: row.method,
    status: row.status,
    reason: row.reason,
    awaitingReviewAt: row.awaitingReviewAt,
    reviewDeadlineAt: reviewDeadline(q, row),
    deadlineAt: row.deadlineAt,
    image: row.receiptImageId ? imageUrl(row.receiptImageId) : null,
    createdAt: row.createdAt,
  };
}

/** What the payment modal shows: where to pay, how much, and until when. */
export function paymentInstructions(q: Queryable, row: PaymentRow, cryptoName?: string) {
  const s = readSettings(q);
  const base = { amountDue: centsToDollars(row.amountCents), deadlineAt: row.deadlineAt, link: `/payment/${row.accessKey}` };
  if (row.method === 'cashApp') return { kind: 'cashApp' as const, ...base, tag: s.cashApp.tag, name: s.cashApp.name };
  if (row.method === 'crypto') {
    const coin = s.cryptoInfo.find((c) => c.name === cryptoName) ?? s.cryptoInfo[0];
    return { kind: 'crypto' as const, ...base, ...coin, amountDue: coin ? cryptoAmount(row.amountCents, coin.rate) : 0 };
  }
  return { kind: 'bank_transfer' as const, ...base, bankingInfo: s.bankingInfo };
}

/** The SHA-256 (hex) of a payment link's key: what a device matches `/payment/<key>` against offline. */
export function paymentLinkHash(accessKey: string): string {
  return createHash('sha256').update(accessKey).digest('hex');
}

/** Owners and admins see a payment; anyone else is told it does not exist. */
export function paymentFor(q: Queryable, user: UserRow, where: { id: string } | { accessKey: string }): PaymentRow {
  const condition = 'id' in where ? eq(payments.id, where.id) : eq(payments.accessKey, where.accessKey);
  const row = q.select().from(payments).where(condition).get();
  if (!row) throw notFound('Payment');
  authorize('payment.read', user, { name: 'Payment', ownerId: row.userId });
  return row;
}

export function listUserPayments(ctx: AppContext, userId: string): Payment[] {
  const nowIso = ctx.now().toISOString();
  return ctx.db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .all()
    .map((row) => toPaymentJson(ctx.db, row, nowIso));
}

export type ListQuery = { search?: string; status?: PaymentRow['status']; page: number; limit: number };

/** All payments for admins, searched by transaction id, booking reference or payer, newest first. */
export function listAllPayments(ctx: AppContext, query: ListQuery): { items: Payment[]; total: number } {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(payments.status, query.status));
  if (query.search) {
    const term = `%${query.search}%`;
    const matchingBookings = ctx.db.select({ id: bookings.id }).from(bookings).where(like(bookings.reference, term));
    const matchingUsers = ctx.db
      .select({ id: users.id })
      .from(users)
      .where(or(like(users.fullName, term), like(users.email, term)));
    parts.push(or(like(payments.transactionId, term), inArray(payments.bookingId, matchingBookings), inArray(payments.userId, matchingUsers)) ?? sql`1`);
  }
  const where = parts.length ? and(...parts) : undefined;
  const total =
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(payments)
      .where(where)
      .get()?.n ?? 0;
  const nowIso = ctx.now().toISOString();
  const items = ctx.db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all()
    .map((row) => toPaymentJson(ctx.db, row, nowIso));
  return { items, total };
}
