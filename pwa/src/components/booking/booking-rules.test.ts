import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../sync/schemas/booking';
import { AIRLINE_CANCELLED_CHECK_IN } from '../../../../sync/airline-cancellation';
import { NOTHING_RECEIVED, REFUND_IF_RECEIVED, refundSentence } from '../../../../sync/refund';
import { testBooking } from '../../../../sync/test-booking';
import { cancelAvailability, cancelLabel, checkInAvailability, refundIfCancelled, refundOfCancelled } from './booking-rules';

const HOUR = 3_600_000;
const DEPARTURE = Date.parse('2030-06-10T12:00:00.000Z');

const booking = (patch: Partial<Booking> = {}) => testBooking(DEPARTURE, patch);

describe('booking rules', () => {
  it('lets pending and confirmed bookings be cancelled before departure only', () => {
    expect(cancelAvailability(booking(), DEPARTURE - HOUR)).toEqual({ available: true });
    expect(cancelAvailability(booking({ status: 'pending' }), DEPARTURE - HOUR)).toEqual({ available: true });
    expect(cancelAvailability(booking(), DEPARTURE)).toEqual({ available: false, reason: 'A booking cannot be cancelled after departure' });
    expect(cancelAvailability(booking({ status: 'completed' }), 0)).toEqual({ available: false, reason: 'A completed booking cannot be cancelled' });
  });

  it('a booking on a flight the airline cancelled may be cancelled even after its departure time, for everything paid', () => {
    const cancelledFlight = booking({ flightId: { ...booking().flightId, status: 'cancelled' } });
    expect(cancelAvailability(cancelledFlight, DEPARTURE + 24 * HOUR)).toEqual({ available: true });
    expect(cancelLabel(cancelledFlight)).toBe('Cancel for a full refund');
    expect(checkInAvailability(cancelledFlight, DEPARTURE - 2 * HOUR)).toEqual({ available: false, reason: AIRLINE_CANCELLED_CHECK_IN });
    expect(cancelLabel(booking())).toBe('Cancel booking');
    expect(cancelLabel({ ...cancelledFlight, paymentStatus: 'pending' })).toBe('Cancel booking');
    expect(refundIfCancelled(cancelledFlight, { status: 'successful', awaitingReviewAt: null }, 10)).toEqual({ kind: 'due', cents: 42050 });
    expect(cancelAvailability({ ...cancelledFlight, status: 'completed' }, DEPARTURE)).toEqual({
      available: false,
      reason: 'A completed booking cannot be cancelled',
    });
  });

  it('opens check-in 48 hours before departure and closes it 1 hour before, for confirmed bookings', () => {
    expect(checkInAvailability(booking(), DEPARTURE - 48 * HOUR)).toEqual({ available: true });
    expect(checkInAvailability(booking(), DEPARTURE - HOUR)).toEqual({ available: true });
    expect(checkInAvailability(booking(), DEPARTURE - 49 * HOUR)).toEqual({
      available: false,
      reason: 'Check-in opens 48 hours before departure (Sat 08 Jun 13:00)',
    });
    expect(checkInAvailability(booking(), DEPARTURE - HOUR + 1)).toEqual({ available: false, reason: 'Check-in closed 1 hour before departure' });
    expect(checkInAvailability(booking({ status: 'pending' }), DEPARTURE - 2 * HOUR)).toEqual({
      available: false,
      reason: 'Check-in opens once your payment is confirmed',
    });
    expect(checkInAvailability(booking({ checkedInAt: '2030-06-09T00:00:00Z' }), DEPARTURE - 2 * HOUR)).toEqual({
      available: false,
      reason: 'You are checked in',
    });
  });

  it('owes a refund of the total minus the penalty for money received only', () => {
    const received = { status: 'successful', awaitingReviewAt: '2030-06-01T10:00:00Z' } as const;
    expect(refundIfCancelled(booking(), received, 10)).toEqual({ kind: 'due', cents: 37845 });
    expect(refundIfCancelled(booking(), undefined, 0)).toEqual({ kind: 'due', cents: 42050 });
    expect(refundSentence(refundIfCancelled(booking(), received, 10))).toBe('Refund due: $378.45.');
  });

  it('promises no money that was not received: a receipt awaiting review is refunded only if it arrives', () => {
    const unpaid = booking({ status: 'pending', paymentStatus: 'pending' });
    const awaiting = { status: 'pending', awaitingReviewAt: '2030-06-01T10:00:00Z' } as const;
    expect(refundSentence(refundIfCancelled(unpaid, awaiting, 10))).toBe(REFUND_IF_RECEIVED);
    expect(refundSentence(refundIfCancelled(unpaid, { status: 'pending', awaitingReviewAt: null }, 10))).toBe(NOTHING_RECEIVED);
    expect(refundSentence(refundIfCancelled(unpaid, { status: 'failed', awaitingReviewAt: '2030-06-01T10:00:00Z' }, 10))).toBe(NOTHING_RECEIVED);
    expect(refundSentence(refundIfCancelled(unpaid, undefined, 10))).toBe(NOTHING_RECEIVED);
  });

  it('says the refund of a cancelled booking from what was recorded and what was sent for review', () => {
    const cancelled = (refundDue: number | null) => booking({ status: 'cancelled', refundDue });
    expect(refundOfCancelled(cancelled(378.45), undefined)).toEqual({ kind: 'due', cents: 37845 });
    expect(refundOfCancelled(cancelled(null), { status: 'failed', awaitingReviewAt: '2030-06-01T10:00:00Z' })).toEqual({ kind: 'if-received' });
    expect(refundOfCancelled(cancelled(null), { status: 'failed', awaitingReviewAt: null })).toEqual({ kind: 'none' });
  });
});
