import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../sync/client/types';
import { cancelsByBooking, outboxNote, reviewsByPayment } from './outbox-rows';

/** A row as read back from IndexedDB, which checks nothing: `args` may be from an older app. */
const row = (mutationId: number, name: OutboxRow['name'], args: unknown, state: OutboxRow['state'] = 'queued', lastError: string | null = null) =>
  ({
    mutationId,
    name,
    args,
    state,
    attempts: 0,
    lastError,
    nextAttemptAt: 0,
    createdAt: 0,
  }) as OutboxRow;

describe('outbox rows', () => {
  it('finds the queued cancellation of each booking', () => {
    const rows = [
      row(1, 'cancelBooking', { bookingId: 'b1' }),
      row(2, 'reviewPayment', { paymentId: 'p1', expectedStatus: 'pending', status: 'successful' }),
      row(3, 'cancelBooking', { nope: 1 }),
    ];
    expect([...cancelsByBooking(rows).keys()]).toEqual(['b1']);
  });

  it('finds the latest decision on each payment with its status and reason', () => {
    const rows = [
      row(1, 'reviewPayment', { paymentId: 'p1', expectedStatus: 'pending', status: 'successful' }),
      row(
        2,
        'reviewPayment',
        { paymentId: 'p1', expectedStatus: 'pending', status: 'failed', reason: 'Blurry' },
        'rejected',
        'Payment was already marked successful by SkyWay Admin',
      ),
    ];
    const review = reviewsByPayment(rows).get('p1');
    expect(review).toMatchObject({ status: 'failed', reason: 'Blurry' });
    expect(review && outboxNote(review.row)).toBe('Not done: Payment was already marked successful by SkyWay Admin');
  });

  it('says Sending… until the server answers, and waiting while the connection is down', () => {
    expect(outboxNote(row(1, 'cancelBooking', {}, 'sending'))).toBe('Sending…');
    expect(outboxNote(row(1, 'cancelBooking', {}, 'queued'))).toBe('Sending…');
    expect(outboxNote(row(1, 'cancelBooking', {}, 'failed', 'offline'))).toBe('not sent yet, trying again shortly');
    expect(outboxNote(row(1, 'cancelBooking', {}, 'failed', 'Failed to fetch'), false)).toBe('waiting for the connection');
    expect(outboxNote(row(1, 'cancelBooking', {}, 'sending'), false)).toBe('waiting for the connection');
  });
});
