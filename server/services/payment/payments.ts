import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { bookingReferences, matching, rowKey, transactionIds, userNames } from '../../db/search';
import { cryptoAmount } from '../../../sync/fare';
import { centsToDollars } from '../../../sync/money';
import type { Booking } from '../../../sync/schemas/booking';
import type { Payment, PaymentListQuerySchema } from '../../../sync/schemas/payment';
import type { DbAndClock } from '../deps';
import { first, preparedCache, type Queryable } from '../../db/client';
import { inJsonList, jsonList } from '../../db/dialect';
import { bookings, payments, seatAllocations, users } from '../../db/schema';
import { notFound } from '../../errors';
import { authorize } from '../../policies';
import { accountsById, toBookingsJson } from '../booking/booking-view';
import { imageUrl } from '../images/images';
import { readSettings } from '../back-office/settings';
import type { UserRow } from '../../actor';

export type PaymentRow = typeof payments.$inferSelect;

const ids = 'ids';
const list = (values: Iterable<string>) => jsonList(ids, values);

function buildStatements(q: Queryable) {
  return {
    bookings: q
      .select()
      .from(bookings)
      .where(inJsonList(q, bookings.id, ids))
      .prepare(),
    own: q
      .select()
      .from(payments)
      .where(eq(payments.userId, sql.placeholder('userId')))
      .orderBy(desc(payments.createdAt))
      .prepare(),
    // While a payment awaits review its seats stay held until the review deadline (never past departure).
    heldUntil: q
      .select({ bookingId: seatAllocations.bookingId, at: sql<string | null>`max(${seatAllocations.holdExpiresAt})` })
      .from(seatAllocations)
      .where(and(inJsonList(q, seatAllocations.bookingId, ids), eq(seatAllocations.state, 'held')))
      .groupBy(seatAllocations.bookingId)
      .prepare(),
  };
}

const prepared = preparedCache<ReturnType<typeof buildStatements>>();
const statements = (q: Queryable) => prepared(q, 'payment-view', () => buildStatements(q));

const awaitingReview = (row: PaymentRow) => row.status === 'pending' && row.awaitingReviewAt !== null;

/**
 * Payments with their bookings populated, in the order given, in the same few statements for any
 * count; a caller that already built the bookings passes them in.
 */
export async function toPaymentsJson(q: Queryable, rows: readonly PaymentRow[], nowIso: string, built: readonly Booking[] = []): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const run = statements(q);
  const bookingById = new Map(built.map((b) => [b._id, b]));
  const missing = rows.map((row) => row.bookingId).filter((id) => !bookingById.has(id));
  if (missing.length) for (const b of await toBookingsJson(q, await run.bookings.execute(list(missing)), nowIso)) bookingById.set(b._id, b);
  const accountOf = await accountsById(
    q,
    rows.map((row) => row.userId),
    built.map((b) => b.userId),
  );
  const reviewed = rows.filter(awaitingReview).map((row) => row.bookingId);
  const heldUntil = new Map(reviewed.length ? (await run.heldUntil.execute(list(reviewed))).map((h) => [h.bookingId, h.at]) : []);
  return rows.map((row) => {
    const booking = bookingById.get(row.bookingId);
    if (!booking) throw notFound('Booking');
    return {
      _id: row.id,
      transactionId: row.transactionId,
      bookingId: booking,
      userId: accountOf(row.userId),
      amount: centsToDollars(row.amountCents),
      currency: row.currency,
      paymentMethod: row.method,
      status: row.status,
      reason: row.reason,
      awaitingReviewAt: row.awaitingReviewAt,
      reviewDeadlineAt: awaitingReview(row) ? (heldUntil.get(row.bookingId) ?? null) : null,
      deadlineAt: row.deadlineAt,
      image: row.receiptImageId ? imageUrl(row.receiptImageId) : null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

/** One payment as toPaymentsJson shows it. */
export async function toPaymentJson(q: Queryable, row: PaymentRow, nowIso: string, booking?: Booking): Promise<Payment> {
  const [payment] = await toPaymentsJson(q, [row], nowIso, booking ? [booking] : []);
  if (!payment) throw notFound('Payment');
  return payment;
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

export async function listUserPayments(ctx: DbAndClock, userId: string): Promise<Payment[]> {
  const nowIso = ctx.now().toISOString();
  return await toPaymentsJson(ctx.db, await statements(ctx.db).own.execute({ userId }), nowIso);
}

/** GET /payments's query; `order` defaults to newest first. */
export type ListQuery = Omit<z.infer<typeof PaymentListQuerySchema>, 'order'> & { order?: 'newest' | 'queue' };

/**
 * The payments whose transaction id, booking reference, or payer's name or e-mail contains `text`: one set
 * of ids, each part read through its own index (db/search.ts); an OR of the parts would read every payment.
 */
export function paymentsMatching(q: Queryable, text: string): SQL {
  const key = rowKey(q, payments, payments.id);
  const byTransaction = q
    .select({ id: key })
    .from(payments)
    .where(matching(q, transactionIds, text));
  const bookingIds = q
    .select({ id: bookings.id })
    .from(bookings)
    .where(matching(q, bookingReferences, text));
  const byBooking = q.select({ id: key }).from(payments).where(inArray(payments.bookingId, bookingIds));
  const payerIds = q
    .select({ id: users.id })
    .from(users)
    .where(matching(q, userNames, text));
  const byPayer = q.select({ id: key }).from(payments).where(inArray(payments.userId, payerIds));
  return inArray(key, byTransaction.union(byBooking).union(byPayer));
}

const awaiting = and(eq(payments.status, 'pending'), isNotNull(payments.awaitingReviewAt));
const notAwaiting = or(ne(payments.status, 'pending'), isNull(payments.awaitingReviewAt));

/** The list's filters: status (and, for a pending payment, whether it awaits review), method, receipt, search, when it was made. */
function listFilters(q: Queryable, query: ListQuery): SQL[] {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(payments.status, query.status));
  if (query.stage === 'awaiting') parts.push(isNotNull(payments.awaitingReviewAt));
  if (query.stage === 'unpaid') parts.push(isNull(payments.awaitingReviewAt));
  if (query.method) parts.push(eq(payments.method, query.method));
  if (query.receipt) parts.push(isNotNull(payments.receiptImageId));
  if (query.search) parts.push(paymentsMatching(q, query.search));
  if (query.after) parts.push(gte(payments.createdAt, new Date(query.after).toISOString()));
  if (query.before) parts.push(lt(payments.createdAt, new Date(query.before).toISOString()));
  return parts;
}

/**
 * One page of the rows: newest first, or the queue's order, where the few awaiting review (a partial
 * index) come first, the longest waiting on top, then the others newest first through the creation index.
 */
async function pageRows(q: Queryable, where: SQL | undefined, query: ListQuery): Promise<PaymentRow[]> {
  const offset = (query.page - 1) * query.limit;
  const newest = (filter: SQL | undefined, skip: number, take: number) =>
    take > 0 ? q.select().from(payments).where(filter).orderBy(desc(payments.createdAt)).limit(take).offset(skip) : Promise.resolve([]);
  if (query.order !== 'queue') return await newest(where, offset, query.limit);
  const waiting = await q.$count(payments, and(where, awaiting));
  const first =
    offset < waiting
      ? await q.select().from(payments).where(and(where, awaiting)).orderBy(asc(payments.awaitingReviewAt)).limit(query.limit).offset(offset)
      : [];
  return [...first, ...(await newest(and(where, notAwaiting), Math.max(0, offset - waiting), query.limit - first.length))];
}

/** All payments for admins, searched by transaction id, booking reference or payer, and filtered, a page at a time. */
export async function listAllPayments(ctx: DbAndClock, query: ListQuery): Promise<{ items: Payment[]; total: number }> {
  const parts = listFilters(ctx.db, query);
  const where = parts.length ? and(...parts) : undefined;
  const total = await ctx.db.$count(payments, where);
  return { items: await toPaymentsJson(ctx.db, await pageRows(ctx.db, where, query), ctx.now().toISOString()), total };
}
