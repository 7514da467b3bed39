import type { OutboxRow } from '../../../sync/client/types';
import { MutationArgsSchemas } from '../../../sync/protocol';
import { useSyncState } from './sync-status';

/** The latest queued cancellation of each booking, by booking id. */
export function cancelsByBooking(rows: readonly OutboxRow[]): Map<string, OutboxRow> {
  const found = new Map<string, OutboxRow>();
  for (const row of rows) {
    if (row.name !== 'cancelBooking') continue;
    const args = MutationArgsSchemas.cancelBooking.safeParse(row.args);
    if (args.success) found.set(args.data.bookingId, row);
  }
  return found;
}

export type QueuedReview = { row: OutboxRow; status: 'successful' | 'failed'; reason: string | undefined };

/** The decision a queued reviewPayment carries, or null for any other row. */
export function reviewOf(row: OutboxRow): { paymentId: string; status: 'successful' | 'failed'; reason: string | undefined } | null {
  if (row.name !== 'reviewPayment') return null;
  const args = MutationArgsSchemas.reviewPayment.safeParse(row.args);
  return args.success ? { paymentId: args.data.paymentId, status: args.data.status, reason: args.data.reason } : null;
}

/** The latest queued decision on each payment, by payment id. */
export function reviewsByPayment(rows: readonly OutboxRow[]): Map<string, QueuedReview> {
  const found = new Map<string, QueuedReview>();
  for (const row of rows) {
    const review = reviewOf(row);
    if (review) found.set(review.paymentId, { row, status: review.status, reason: review.reason });
  }
  return found;
}

/**
 * What a queued change shows while the server has not answered, or why it refused (the server's own words). Offline
 * is not a failure: the change waits for the connection. A failed send is never told by the browser's error text.
 */
export function outboxNote(row: OutboxRow, online = true): string {
  if (row.state === 'rejected') return `Not done: ${row.lastError ?? 'the server refused it'}`;
  if (!online) return 'waiting for the connection';
  if (row.state === 'failed') return 'not sent yet, trying again shortly';
  return 'Sending…';
}

/** `outboxNote` for the connection the device has now. */
export function useOutboxNote(): (row: OutboxRow) => string {
  const { online, status } = useSyncState();
  const connected = online && status !== 'offline';
  return (row) => outboxNote(row, connected);
}
