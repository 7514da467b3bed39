import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { contains } from '../../db/contains';
import { cryptoAmount } from '../../../sync/fare';
import { centsToDollars } from '../../../sync/money';
import type { Booking } from '../../../sync/schemas/booking';
import type { Payment } from '../../../sync/schemas/payment';
import type { AppContext } from '../../context';
import { first, type Queryable, inTurn } from '../../db/client';
import { bookings, payments, seatAllocations, users } from '../../db/schema';
import { notFound } from '../../errors';
import { authorize } from '../../policies';
import { getBookingRow, toBookingJson } from '../booking/booking-view';
import { imageUrl } from '../images/images';
import { readSettings } from '../back-office/settings';
import type { UserRow } from '../identity/users';

export type PaymentRow = typeof payments.$inferSelect;

/** While the payment awaits review: until when its seats stay held (the review deadline, never past departure). */
async function reviewDeadline(q: Queryable, row: PaymentRow): Promise<string | null> {
  if (row.status !== 'pending' || !row.awaitingReviewAt) return null;
  const held = and(eq(seatAllocations.bookingId, row.bookingId), eq(seatAllocations.state, 'held'));
  return (
    (
      await first(
        q
          .select({ at: sql<string | null>`max(${seatAllocations.holdExpiresAt})` })
          .from(seatAllocations)
          .where(held),
      )
    )?.at ?? null
  );
}

/** The payment with its booking populated; a caller that already built the booking passes it in. */
export async function toPaymentJson(q: Queryable, row: PaymentRow, nowIso: string, booking?: Booking): Promise<Payment> {
  const user = await first(q.select({ _id: users.id, fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, row.userId)));
  return {
    _id: row.id,
    transactionId: row.transactionId,
    bookingId: booking ?? (await toBookingJson(q, await getBookingRow(q, row.bookingId), nowIso)),
    userId: user ?? { _id: row.userId, fullName: '', email: '' },
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    paymentMethod: row.method,
    status: row.status,
    reason: row.reason,
    awaitingReviewAt: row.awaitingReviewAt,
    reviewDeadlineAt: await reviewDeadline(q, row),
    deadlineAt: row.deadlineAt,
    image: row.receiptImageId ? imageUrl(row.receiptImageId) : null,
    createdAt: row.createdAt,
  };
}

/** What the payment modal shows: where to pay, how much, and until when. */
export async function paymentInstructions(q: Queryable, row: PaymentRow, cryptoName?: string) {
  const s = await readSettings(q);
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
export async function paymentFor(q: Queryable, user: UserRow, where: { id: string } | { accessKey: string }): Promise<PaymentRow> {
  const condition = 'id' in where ? eq(payments.id, where.id) : eq(payments.accessKey, where.accessKey);
  const row = await first(q.select().from(payments).where(condition));
  if (!row) throw notFound('Payment');
  authorize('payment.read', user, { name: 'Payment', ownerId: row.userId });
  return row;
}

export async function listUserPayments(ctx: AppContext, userId: string): Promise<Payment[]> {
  const nowIso = ctx.now().toISOString();
  return await inTurn(await ctx.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)), (row) =>
    toPaymentJson(ctx.db, row, nowIso),
  );
}

export type ListQuery = { search?: string; status?: PaymentRow['status']; page: number; limit: number };

/** All payments for admins, searched by transaction id, booking reference or payer, newest first. */
export async function listAllPayments(ctx: AppContext, query: ListQuery): Promise<{ items: Payment[]; total: number }> {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(payments.status, query.status));
  if (query.search) {
    const term = query.search;
    const matchingBookings = ctx.db.select({ id: bookings.id }).from(bookings).where(contains(bookings.reference, term));
    const matchingUsers = ctx.db
      .select({ id: users.id })
      .from(users)
      .where(or(contains(users.fullName, term), contains(users.email, term)));
    parts.push(or(contains(payments.transactionId, term), inArray(payments.bookingId, matchingBookings), inArray(payments.userId, matchingUsers)) ?? sql`true`);
  }
  const where = parts.length ? and(...parts) : undefined;
  const total = await ctx.db.$count(payments, where);
  const nowIso = ctx.now().toISOString();
  const items = await inTurn(
    await ctx.db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    (row) => toPaymentJson(ctx.db, row, nowIso),
  );
  return { items, total };
}
