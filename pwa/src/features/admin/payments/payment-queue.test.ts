import { describe, expect, it } from 'vitest';
import type { SyncPayment } from '../../../../../sync/protocol';
import { PaymentQueueQuerySchema, type PaymentQueueQuery } from '../../../../../sync/schemas/admin-lists';
import { matchesPaymentSearch, paymentQueue, queueOrder, queueStatus, waitedFor } from './payment-queue';

function payment(id: string, patch: Partial<SyncPayment> = {}): SyncPayment {
  return {
    _id: id,
    transactionId: `TX${id.toUpperCase()}`,
    bookingId: `b-${id}`,
    bookingRef: `REF${id.toUpperCase()}`,
    linkHash: null,
    userId: { _id: `u-${id}`, fullName: `Payer ${id}`, email: `${id}@example.com` },
    amount: 100,
    currency: 'USD',
    paymentMethod: 'bank_transfer',
    status: 'pending',
    reason: null,
    awaitingReviewAt: null,
    reviewDeadlineAt: null,
    deadlineAt: '2031-01-10T12:00:00.000Z',
    image: null,
    // Midday UTC: the same calendar day in every zone from UTC-11 to UTC+11.
    createdAt: '2031-01-05T12:00:00.000Z',
    updatedAt: '2031-01-05T12:00:00.000Z',
    ...patch,
  };
}

const query = (patch: Partial<PaymentQueueQuery> = {}): PaymentQueueQuery => ({ ...PaymentQueueQuerySchema.parse({}), ...patch });
const ids = (payments: SyncPayment[]) => payments.map((p) => p._id);

const awaiting = (at: string, patch: Partial<SyncPayment> = {}) => ({ awaitingReviewAt: at, ...patch });

describe('the review queue', () => {
  const all = [
    payment('old-decided', { status: 'successful', createdAt: '2031-01-01T12:00:00.000Z' }),
    payment('unpaid', { createdAt: '2031-01-07T12:00:00.000Z' }),
    payment(
      'waits-2h',
      awaiting('2031-01-06T10:00:00.000Z', { image: '/api/images/a', userId: { _id: 'u', fullName: 'Ngozi Adebayo', email: 'ngozi@mail.test' } }),
    ),
    payment('waits-5h', awaiting('2031-01-06T07:00:00.000Z', { paymentMethod: 'crypto' })),
    payment('failed', { status: 'failed', reason: 'Blurry', createdAt: '2031-01-03T12:00:00.000Z' }),
  ];

  it('puts payments awaiting review first, the longest waiting on top, then the rest newest first', () => {
    expect(ids(paymentQueue(all, query(), new Set()))).toEqual(['waits-5h', 'waits-2h', 'unpaid', 'failed', 'old-decided']);
    expect([...all].sort(queueOrder).map((p) => p._id)).toEqual(['waits-5h', 'waits-2h', 'unpaid', 'failed', 'old-decided']);
  });

  it('tells awaiting review apart from not yet paid', () => {
    expect(all.map(queueStatus)).toEqual(['successful', 'unpaid', 'awaiting', 'awaiting', 'failed']);
    expect(ids(paymentQueue(all, query({ status: 'awaiting' }), new Set()))).toEqual(['waits-5h', 'waits-2h']);
    expect(ids(paymentQueue(all, query({ status: 'unpaid' }), new Set()))).toEqual(['unpaid']);
    expect(ids(paymentQueue(all, query({ status: 'failed' }), new Set()))).toEqual(['failed']);
  });

  it('searches the booking reference, the transaction id, the e-mail and the name, whatever the case', () => {
    const found = (q: string) => ids(paymentQueue(all, query({ q }), new Set()));
    expect(found('refunpaid')).toEqual(['unpaid']);
    expect(found('TXFAILED')).toEqual(['failed']);
    expect(found('ngozi@MAIL')).toEqual(['waits-2h']);
    expect(found('  adebayo ')).toEqual(['waits-2h']);
    expect(found('nobody')).toEqual([]);
    expect(matchesPaymentSearch(all[0] as SyncPayment, 'payer old')).toBe(true);
  });

  it('filters by method, by a receipt and by the date range of the Date column, inclusive', () => {
    expect(ids(paymentQueue(all, query({ method: 'crypto' }), new Set()))).toEqual(['waits-5h']);
    expect(ids(paymentQueue(all, query({ receipt: true }), new Set()))).toEqual(['waits-2h']);
    expect(ids(paymentQueue(all, query({ from: '2031-01-03', to: '2031-01-05' }), new Set()))).toEqual(['waits-5h', 'waits-2h', 'failed']);
    expect(ids(paymentQueue(all, query({ from: '2031-01-07' }), new Set()))).toEqual(['unpaid']);
    expect(ids(paymentQueue(all, query({ to: '2031-01-01' }), new Set()))).toEqual(['old-decided']);
    expect(ids(paymentQueue(all, query({ status: 'awaiting', method: 'bank_transfer', receipt: true }), new Set()))).toEqual(['waits-2h']);
  });

  it('keeps a payment this device decided in a status filter it has left, so the admin sees how the decision ended', () => {
    const decidedElsewhere = all.map((p) => (p._id === 'waits-2h' ? { ...p, status: 'successful' as const } : p));
    expect(ids(paymentQueue(decidedElsewhere, query({ status: 'awaiting' }), new Set()))).toEqual(['waits-5h']);
    expect(ids(paymentQueue(decidedElsewhere, query({ status: 'awaiting' }), new Set(['waits-2h'])))).toEqual(['waits-5h', 'waits-2h']);
    // Only the status filter: the search still applies.
    expect(ids(paymentQueue(decidedElsewhere, query({ status: 'awaiting', q: 'crypto-nothing' }), new Set(['waits-2h'])))).toEqual([]);
  });
});

describe('the address of the queue', () => {
  it('reads the filters as typed and falls back to the defaults for values that are not ones', () => {
    expect(
      PaymentQueueQuerySchema.parse({ q: '5P9R3H ', status: 'awaiting', method: 'cashApp', receipt: '1', from: '2031-01-01', to: '2031-01-31', page: '3' }),
    ).toEqual({
      q: '5P9R3H ',
      status: 'awaiting',
      method: 'cashApp',
      receipt: true,
      from: '2031-01-01',
      to: '2031-01-31',
      page: 3,
    });
    expect(PaymentQueueQuerySchema.parse({ status: 'lost', method: 'cheque', receipt: 'yes', from: '31/01/2031', page: '-2' })).toEqual(query());
    expect(PaymentQueueQuerySchema.parse({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });
});

describe('the time a payment has waited', () => {
  const since = '2031-01-06T10:00:00.000Z';
  const after = (minutes: number) => Date.parse(since) + minutes * 60_000;

  it('says minutes, hours and minutes, or days and hours', () => {
    expect(waitedFor(since, after(0.5))).toBe('under a minute');
    expect(waitedFor(since, after(45))).toBe('45 min');
    expect(waitedFor(since, after(60))).toBe('1 h');
    expect(waitedFor(since, after(192))).toBe('3 h 12 min');
    expect(waitedFor(since, after(48 * 60))).toBe('2 d');
    expect(waitedFor(since, after(52 * 60 + 30))).toBe('2 d 4 h');
    expect(waitedFor(since, after(-5))).toBe('under a minute');
  });
});
