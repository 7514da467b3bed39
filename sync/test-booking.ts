import type { Booking } from './schemas/booking';

const HOUR = 3_600_000;

/** A one-way Lagos to London booking for tests, confirmed and paid unless `patch` says otherwise. */
export function testBooking(departure: number, patch: Partial<Booking> = {}): Booking {
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
      departureTime: new Date(departure).toISOString(),
      arrivalTime: new Date(departure + 6 * HOUR).toISOString(),
      status: 'scheduled',
      price: 420,
      gate: null,
      boardingTime: null,
      bookedTimes: null,
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
    updatedAt: '2030-06-01T00:00:00.000Z',
    travellers: [],
    boardingPasses: [],
    ...patch,
  };
}
