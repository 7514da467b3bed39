import type { SyncPayment } from '../../../../../sync/protocol';
import type { PaymentQueueQuery, QueueStatus } from '../../../../../sync/schemas/admin-lists';
import { inDayRange } from '../../../components/table/day-range';
import { byCodeUnits } from '../../../lib/order';

/** Awaiting review once the traveller sent a receipt or said they paid; a pending payment before that is not yet paid. */
export function queueStatus(payment: SyncPayment): QueueStatus {
  if (payment.status !== 'pending') return payment.status;
  return payment.awaitingReviewAt ? 'awaiting' : 'unpaid';
}

/** The search box: booking reference, transaction id, the payer's e-mail or name (lower-cased `term`). */
export function matchesPaymentSearch(payment: SyncPayment, term: string): boolean {
  return [payment.bookingRef, payment.transactionId, payment.userId.email, payment.userId.fullName].some((text) => text.toLowerCase().includes(term));
}

function matches(payment: SyncPayment, query: PaymentQueueQuery, term: string, decidedHere: boolean): boolean {
  if (term && !matchesPaymentSearch(payment, term)) return false;
  if (query.status !== 'any' && queueStatus(payment) !== query.status && !decidedHere) return false;
  if (query.method !== 'any' && payment.paymentMethod !== query.method) return false;
  if (query.receipt && !payment.image) return false;
  return inDayRange(payment.createdAt, query);
}

/** Awaiting review first, the longest waiting on top; then every other payment, newest first. */
export function queueOrder(a: SyncPayment, b: SyncPayment): number {
  const waitA = queueStatus(a) === 'awaiting' ? a.awaitingReviewAt : null;
  const waitB = queueStatus(b) === 'awaiting' ? b.awaitingReviewAt : null;
  if (waitA && waitB) return byCodeUnits(waitA, waitB);
  if (waitA || waitB) return waitA ? -1 : 1;
  return byCodeUnits(b.createdAt, a.createdAt);
}

/**
 * The review queue (product rules §4.9): the payments the query asks for, in queue order. A payment with a decision of this
 * device still in the outbox (sending, or refused because another admin decided first) stays in the list
 * whatever its status now, so the admin sees how their decision ended.
 */
export function paymentQueue(payments: readonly SyncPayment[], query: PaymentQueueQuery, decided: ReadonlySet<string>): SyncPayment[] {
  const term = query.q.trim().toLowerCase();
  return payments.filter((p) => matches(p, query, term, decided.has(p._id))).sort(queueOrder);
}

/** How long a payment has waited for a decision: 'under a minute', '45 min', '3 h 12 min', '2 d 4 h'. */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}
