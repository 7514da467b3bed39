import type { SyncPayment } from './protocol';
import type { Booking } from './schemas/booking';
import { RECENT_MESSAGES } from './constants';
import type { Conversation, Message } from './schemas/chat';

/**
 * A device holds a working set, not the history. An admin sees every booking, payment and conversation of
 * the airline; their device keeps every payment awaiting review and its booking (the offline review stays
 * whole), the bookings and payments changed in the last days (the setting `deviceHistoryDays`), open
 * conversations and those with a message in those days, and whatever its outbox or the admin's opened
 * records name. A traveller's device keeps all their own rows. Every device keeps, of each conversation
 * it holds, the newest RECENT_MESSAGES messages (and any sent in the same millisecond as the last of
 * them, which a page `before` its time would skip), and the messages its outbox names: a long
 * conversation stays small on the phone, and its older messages are read online, page by page
 * (GET /api/messages/:conversationId?before=). The server sends only that (server/services/sync/sync-own.ts);
 * the device drops what leaves it once a pull sequence ends.
 */

/** From when an admin's device keeps what changed. */
export const keepSinceFor = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

export const awaitsReview = (payment: Pick<SyncPayment, 'status' | 'awaitingReviewAt'>): boolean =>
  payment.status === 'pending' && payment.awaitingReviewAt !== null;

const paymentKept = (payment: SyncPayment, keepSince: string, kept: ReadonlySet<string>) =>
  kept.has(payment._id) || awaitsReview(payment) || payment.updatedAt >= keepSince;

const conversationKept = (conversation: Conversation, keepSince: string, kept: ReadonlySet<string>) =>
  kept.has(conversation._id) || conversation.status === 'open' || (conversation.lastMessage?.createdAt ?? conversation.createdAt) >= keepSince;

/** Rows a device may hold, or read, to find what left its working set: any superset of the old ones will do. */
export type WorkingRows = {
  payments: readonly SyncPayment[];
  bookings: readonly Booking[];
  /** Every payment the device holds of those bookings. */
  paymentsOfBookings: readonly SyncPayment[];
  conversations: readonly Conversation[];
};

/** The ids that left the working set; `kept`: ids the outbox or the admin's opened records name. Their messages go with the conversations. */
export function leftWorkingSet(
  rows: WorkingRows,
  keepSince: string,
  kept: ReadonlySet<string>,
): { payments: string[]; bookings: string[]; conversations: string[] } {
  const reviewed = new Set(rows.paymentsOfBookings.filter((p) => paymentKept(p, keepSince, kept)).map((p) => p.bookingId));
  return {
    payments: rows.payments.filter((p) => !paymentKept(p, keepSince, kept)).map((p) => p._id),
    bookings: rows.bookings.filter((b) => !kept.has(b._id) && !reviewed.has(b._id) && b.updatedAt < keepSince).map((b) => b._id),
    conversations: rows.conversations.filter((c) => !conversationKept(c, keepSince, kept)).map((c) => c._id),
  };
}

/** Every id the queued mutations name (a payment under review, a booking to cancel, a conversation): their rows stay. */
export function namedIds(calls: readonly { args: object }[]): Set<string> {
  return new Set(calls.flatMap((call) => Object.values(call.args).filter((value): value is string => typeof value === 'string')));
}

/**
 * The messages a device no longer keeps: in each conversation, those older than its RECENT_MESSAGES-th
 * newest, unless `kept` (the ids the outbox names) holds them.
 */
export function olderMessages(messages: readonly Pick<Message, '_id' | 'conversationId' | 'createdAt'>[], kept: ReadonlySet<string>): string[] {
  const times = new Map<string, string[]>();
  for (const { conversationId, createdAt } of messages) {
    const seen = times.get(conversationId);
    if (seen) seen.push(createdAt);
    else times.set(conversationId, [createdAt]);
  }
  const keptFrom = new Map([...times].map(([conversationId, all]) => [conversationId, all.sort().reverse()[RECENT_MESSAGES - 1] ?? '']));
  return messages.filter((m) => m.createdAt < (keptFrom.get(m.conversationId) ?? '') && !kept.has(m._id)).map((m) => m._id);
}
