import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../../sync/schemas/booking';
import { testBooking } from '../../../../../sync/test-booking';
import { bookingState, nextActions, type ManagedPayment } from './next-actions';

const HOUR = 3_600_000;
const NOW = Date.parse('2030-06-01T12:00:00.000Z');
const DEPARTURE = NOW + 10 * 24 * HOUR;
const DEADLINE = new Date(NOW + 20 * HOUR).toISOString();

const booking = (patch: Partial<Booking> = {}) =>
  testBooking(DEPARTURE, { status: 'pending', paymentStatus: 'pending', totalAmount: 420, createdAt: '2030-06-01T11:00:00.000Z', ...patch });

function payment(patch: Partial<ManagedPayment> = {}): ManagedPayment {
  return {
    _id: 'p1',
    status: 'pending',
    reason: null,
    awaitingReviewAt: null,
    reviewDeadlineAt: null,
    deadlineAt: DEADLINE,
    paymentMethod: 'bank_transfer',
    ...patch,
  };
}

describe('next actions of a booking', () => {
  it('a bank transfer left pending: pay now, upload a receipt or cancel, by the payment deadline', () => {
    expect(nextActions(booking(), payment(), NOW)).toEqual(['pay', 'upload', 'cancel']);
    expect(bookingState(booking(), payment(), NOW)).toEqual({ label: 'Pending payment', tone: 'pending', reason: null, payBy: DEADLINE });
  });

  it('crypto and Cash App have no receipt: pay now or cancel', () => {
    expect(nextActions(booking(), payment({ paymentMethod: 'crypto' }), NOW)).toEqual(['pay', 'cancel']);
    expect(nextActions(booking(), payment({ paymentMethod: 'cashApp', status: 'failed', reason: 'Nothing arrived' }), NOW)).toEqual(['pay', 'cancel']);
  });

  it('a rejected receipt leads to a new upload, with the reason', () => {
    const rejected = payment({ status: 'failed', reason: 'Amount does not match' });
    expect(nextActions(booking(), rejected, NOW)).toEqual(['reupload', 'cancel']);
    expect(bookingState(booking(), rejected, NOW)).toEqual({ label: 'Payment not accepted', tone: 'danger', reason: 'Amount does not match', payBy: DEADLINE });
  });

  it('awaiting review: nothing to pay, only cancel', () => {
    const claimed = payment({ awaitingReviewAt: '2030-06-01T11:30:00.000Z' });
    expect(nextActions(booking(), claimed, NOW)).toEqual(['cancel']);
    expect(bookingState(booking(), claimed, NOW).label).toBe('Awaiting review');
  });

  it('past the payment deadline nothing can be paid any more', () => {
    const late = NOW + 21 * HOUR;
    expect(nextActions(booking(), payment(), late)).toEqual(['cancel']);
    expect(bookingState(booking(), payment(), late).payBy).toBeNull();
  });

  it('confirmed: check in once the window opens, cancel until departure', () => {
    const confirmed = booking({ status: 'confirmed', paymentStatus: 'successful' });
    const paid = payment({ status: 'successful' });
    expect(nextActions(confirmed, paid, NOW)).toEqual(['cancel']);
    expect(nextActions(confirmed, paid, DEPARTURE - 24 * HOUR)).toEqual(['checkIn', 'cancel']);
    expect(bookingState(confirmed, paid, NOW)).toEqual({ label: 'Confirmed', tone: 'success', reason: null, payBy: null });
    const checkedIn = booking({ status: 'confirmed', checkedInAt: '2030-06-10T00:00:00.000Z' });
    expect(nextActions(checkedIn, paid, DEPARTURE - 24 * HOUR)).toEqual(['cancel']);
    expect(bookingState(checkedIn, paid, NOW).label).toBe('Checked in');
    expect(nextActions(confirmed, paid, DEPARTURE + HOUR)).toEqual([]);
  });

  it('cancelled and completed bookings offer nothing; a cancellation says why', () => {
    const cancelled = booking({ status: 'cancelled', cancelReason: 'payment deadline passed' });
    expect(nextActions(cancelled, payment(), NOW)).toEqual([]);
    expect(bookingState(cancelled, payment(), NOW)).toEqual({ label: 'Cancelled', tone: 'danger', reason: 'payment deadline passed', payBy: null });
    expect(nextActions(booking({ status: 'completed' }), payment({ status: 'successful' }), NOW)).toEqual([]);
  });

  it('a booking whose payment is not on the device yet can still be cancelled', () => {
    expect(nextActions(booking(), undefined, NOW)).toEqual(['cancel']);
    expect(bookingState(booking(), undefined, NOW).label).toBe('Pending payment');
  });
});
