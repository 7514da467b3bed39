import { and, asc, eq, exists, getTableColumns, gt, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { SyncChanges } from '../../../sync/protocol';
import type { Queryable } from '../../db/client';
import { bookings, conversations, flights, messages, payments, users } from '../../db/schema';
import { inParts } from '../../parts';
import { may, visibleRows } from '../../policies';
import { toBookingsJson } from '../booking/booking-view';
import { listedConversations, toConversationsJson, toMessageJson, visibleConversations } from '../chat/chat-view';
import { amongRecent } from '../chat/recent-messages';
import { paymentLinkHash, toPaymentsJson } from '../payment/payments';
import type { UserRow } from '../../actor';
import { changedIn, type VersionRange } from './changed';

/**
 * Whose rows a page sends, changed since which version, shown as of `nowIso`. `keepSince`: the user sees
 * every row (an admin), so the device holds a working set (sync/working-set.ts), not the history.
 */
export type OwnScope = VersionRange & { user: UserRow; nowIso: string; keepSince: string | null };

const awaitingReview = () => and(eq(payments.status, 'pending'), isNotNull(payments.awaitingReviewAt));

/**
 * The ids of the payments awaiting review and of those changed since `keepSince`: each part read through
 * its own index (an OR of the two would read every payment).
 */
const keptPaymentIds = (q: Queryable, keepSince: string) =>
  q
    .select({ id: payments.id })
    .from(payments)
    .where(awaitingReview())
    .unionAll(q.select({ id: payments.id }).from(payments).where(gte(payments.updatedAt, keepSince)));

const keptPayment = (q: Queryable, keepSince: string | null) => (keepSince === null ? undefined : inArray(payments.id, keptPaymentIds(q, keepSince)));

/** Bookings changed since `keepSince`, and the bookings of kept payments (the review dialog shows them). */
function keptBooking(q: Queryable, keepSince: string | null): SQL | undefined {
  if (keepSince === null) return undefined;
  const ofKeptPayments = q
    .select({ id: payments.bookingId })
    .from(payments)
    .where(inArray(payments.id, keptPaymentIds(q, keepSince)));
  return inArray(bookings.id, q.select({ id: bookings.id }).from(bookings).where(gte(bookings.updatedAt, keepSince)).unionAll(ofKeptPayments));
}

/** Open conversations, and those with a message since `keepSince`. */
const keptConversation = (keepSince: string | null) =>
  keepSince === null ? undefined : or(eq(conversations.status, 'open'), gte(conversations.lastMessageAt, keepSince));

/** Rows of one own table after the id `after`, at most `limit`, in id order, as the app shows them. */
type OwnRows = { changes: Partial<SyncChanges>; ids: string[] };

/** Whether a booking is in an admin's working set, checked on its row: changed since `keepSince`, or a payment of it kept. */
const keptBookingRow = (q: Queryable, keepSince: string) =>
  or(
    gte(bookings.updatedAt, keepSince),
    exists(
      q
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.bookingId, bookings.id), or(awaitingReview(), gte(payments.updatedAt, keepSince)))),
    ),
  );

/**
 * A booking shows its flights and its user's name and e-mail, and its payment's state: a booking comes
 * again when any of them changed since the cursor. NOTE: an admin's later pull starts from what changed (a
 * few rows, through the version indexes) and checks each against the working set; read the other way
 * round, it went through the whole working set (10,000 bookings at 500,000 a year) to find nothing.
 */
export function bookingCondition(q: Queryable, s: OwnScope): SQL | undefined {
  const changedFlights = q.select({ id: flights.id }).from(flights).where(changedIn(flights.version, s));
  const usersChanged = q.select({ id: users.id }).from(users).where(changedIn(users.version, s));
  const paidBookings = q
    .select({ id: payments.bookingId })
    .from(payments)
    .where(and(changedIn(payments.version, s), visibleRows('payment.read', s.user, payments.userId)));
  const visible = visibleRows('booking.read', s.user, bookings.userId);
  if (s.keepSince !== null && s.since > 0) {
    const changed = q
      .select({ id: bookings.id })
      .from(bookings)
      .where(changedIn(bookings.version, s))
      .unionAll(q.select({ id: bookings.id }).from(bookings).where(inArray(bookings.flightId, changedFlights)))
      .unionAll(q.select({ id: bookings.id }).from(bookings).where(inArray(bookings.returnFlightId, changedFlights)))
      .unionAll(paidBookings)
      .unionAll(q.select({ id: bookings.id }).from(bookings).where(inArray(bookings.userId, usersChanged)));
    return and(visible, inArray(bookings.id, changed), keptBookingRow(q, s.keepSince));
  }
  return and(
    visible,
    keptBooking(q, s.keepSince),
    or(
      changedIn(bookings.version, s),
      inArray(bookings.flightId, changedFlights),
      inArray(bookings.returnFlightId, changedFlights),
      inArray(bookings.id, paidBookings),
      inArray(bookings.userId, usersChanged),
    ),
  );
}

/** Bookings; their flights come with the catalogue, which sends the user's booked flights too. */
async function bookingsAfter(q: Queryable, s: OwnScope, after: string, limit: number): Promise<OwnRows> {
  const rows = await q
    .select()
    .from(bookings)
    .where(and(gt(bookings.id, after), bookingCondition(q, s)))
    .orderBy(asc(bookings.id))
    .limit(limit);
  return { changes: { bookings: await inParts(rows, (part) => toBookingsJson(q, part, s.nowIso)) }, ids: rows.map((row) => row.id) };
}

/** A payment comes again when it or its payer changed; an admin's later pull starts from those, as bookings do. */
export function paymentCondition(q: Queryable, s: OwnScope): SQL | undefined {
  const usersChanged = q.select({ id: users.id }).from(users).where(changedIn(users.version, s));
  if (s.keepSince !== null && s.since > 0) {
    const changed = q
      .select({ id: payments.id })
      .from(payments)
      .where(changedIn(payments.version, s))
      .unionAll(q.select({ id: payments.id }).from(payments).where(inArray(payments.userId, usersChanged)));
    return and(inArray(payments.id, changed), or(awaitingReview(), gte(payments.updatedAt, s.keepSince)));
  }
  return and(keptPayment(q, s.keepSince), or(changedIn(payments.version, s), inArray(payments.userId, usersChanged)));
}

/** Payments, without their populated booking (in its own table) but with its reference and, for the payer, the link's hash. */
async function paymentsAfter(q: Queryable, s: OwnScope, after: string, limit: number): Promise<OwnRows> {
  const rows = await q
    .select()
    .from(payments)
    .where(and(gt(payments.id, after), visibleRows('payment.read', s.user, payments.userId), paymentCondition(q, s)))
    .orderBy(asc(payments.id))
    .limit(limit);
  const accessKeys = new Map(rows.map((row) => [row.id, row.accessKey]));
  const shown = (await inParts(rows, (part) => toPaymentsJson(q, part, s.nowIso))).map(({ bookingId, ...rest }) => {
    const key = accessKeys.get(rest._id);
    return {
      ...rest,
      bookingId: bookingId._id,
      bookingRef: bookingId.bookingId,
      linkHash: key !== undefined && may('payment.link', s.user, rest.userId._id) ? paymentLinkHash(key) : null,
    };
  });
  return { changes: { payments: shown }, ids: rows.map((row) => row.id) };
}

/** Conversations the user may see, own ones (all for admins); none without a message. */
async function conversationsAfter(q: Queryable, s: OwnScope, after: string, limit: number): Promise<OwnRows> {
  const rows = await q
    .select()
    .from(conversations)
    .where(and(gt(conversations.id, after), changedIn(conversations.version, s), listedConversations(s.user), keptConversation(s.keepSince)))
    .orderBy(asc(conversations.id))
    .limit(limit);
  return { changes: { conversations: await inParts(rows, (part) => toConversationsJson(q, part, s.user)) }, ids: rows.map((row) => row.id) };
}

/** The query of a page of messages: of the conversations a device holds, only the recent ones of each. */
export const messagesQuery = (q: Queryable, s: OwnScope, after: string, limit: number) =>
  q
    .select(getTableColumns(messages))
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        gt(messages.id, after),
        changedIn(messages.version, s),
        visibleConversations(s.user),
        keptConversation(s.keepSince),
        amongRecent(q, conversations.id),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit);

async function messagesAfter(q: Queryable, s: OwnScope, after: string, limit: number): Promise<OwnRows> {
  const rows = await messagesQuery(q, s, after, limit);
  return { changes: { messages: rows.map(toMessageJson) }, ids: rows.map((row) => row.id) };
}

export const OWN_PAGES = { bookings: bookingsAfter, payments: paymentsAfter, conversations: conversationsAfter, messages: messagesAfter };
export type OwnPagedTable = keyof typeof OWN_PAGES;

/** A guest chat token syncs its own conversations and messages and nothing else. */
export const tablesFor = (user: UserRow): readonly OwnPagedTable[] =>
  may('sync.accountTables', user) ? ['payments', 'bookings', 'conversations', 'messages'] : ['conversations', 'messages'];
