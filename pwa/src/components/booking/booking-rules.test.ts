import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../sync/schemas/booking';
import { cancelAvailability, checkInAvailability, refundOnCancel } from './booking-rules';

const HOUR = 3_600_000;
const DEPARTURE = Date.parse('2030-06-10T12:00:00.000Z');

function booking(patch: Partial<Booking> = {}): Booking {
  const place = { _id: 'a', city: 'Lagos', code: 'LOS', timeZone: 'Africa/Lagos' };
  return {
    _id: 'b1',
    bookingId: 'ABC234',
    userId: { _id: 'u1', fullName: 'Ada Okafor', email: 'ada@example.com' },
    flightId: {
      _id: 'f1',
      flightNumber: 'SW100',
      origin: place,
      destination: { ...place, _id: 'b', city: 'London', code: 'LHR', timeZone: 'Europe/London' },
      departureTime: new Date(DEPARTURE).toISOString(),
      arrivalTime: new Date(DEPARTURE + 6 * HOUR).toISOString(),
      status: 'scheduled',
      price: 420,
    },
    returnFlightId: null,
    seatId: [{ seatNumber: 'A1', class: 'Economy', flightId: 'f1' }],
    class: 'Economy',
    status: 'confirmed',
    paymentStatus: 'successful',
    email: 'ada@example.com',
    phone: '+234',
    totalAmount: 420.5,
    refundDue: null,
    refundPaidAt: null,
    cancelReason: null,
    checkedInAt: null,
    createdAt: '2030-06-01T00:00:00.000Z',
    travellers: [],
    ...patch,
  };
}

describe('booking rules', () => {
  it('lets pending and confirmed bookings be cancelled before departure only', () => {
    expect(cancelAvailability(booking(), DEPARTURE - HOUR)).toEqual({ available: true });
    expect(cancelAvailability(booking({ status: 'pending' }), DEPARTURE - HOUR)).toEqual({ available: true });
    expect(cancelAvailability(booking(), DEPARTURE)).toEqual({ available: false, reason: 'A booking cannot be cancelled after departure' });
    expect(cancelAvailability(booking({ status: 'completed' }), 0)).toEqual({ available: false, reason: 'A completed booking cannot be cancelled' });
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
    expect(checkInAvailability(booking({ checkedInAt: '2030-06-09T00:00:00Z' }), DEPARTURE - 2 * HOUR)).toEqual({ available: false, reason: 'You are checked in' });
  });

  it('owes a refund of the total minus the penalty for a paid booking only', () => {
    expect(refundOnCancel(booking(), 10)).toBe(37845);
    expect(refundOnCancel(booking(), 0)).toBe(42050);
    expect(refundOnCancel(booking({ paymentStatus: 'pending' }), 10)).toBeNull();
  });
});
