import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../sync/schemas/booking';
import { confirmView, type ConfirmPayment } from './confirm-view';

const leg = (from: string, to: string, departureTime: string): Booking['flightId'] => ({
  _id: `${from}${to}`,
  flightNumber: 'SW100',
  origin: { _id: from, city: from === 'LOS' ? 'Lagos' : 'London', code: from, timeZone: from === 'LOS' ? 'Africa/Lagos' : 'Europe/London' },
  destination: { _id: to, city: to === 'LOS' ? 'Lagos' : 'London', code: to, timeZone: to === 'LOS' ? 'Africa/Lagos' : 'Europe/London' },
  departureTime,
  arrivalTime: departureTime,
  status: 'scheduled',
  price: 100,
  gate: null,
  boardingTime: null,
  bookedTimes: null,
});

const booking = {
  bookingId: 'K7PQ2M',
  userId: { _id: 'u', fullName: 'Ada Lovelace', email: 'ada@example.test' },
  email: 'ada@example.test',
  flightId: leg('LOS', 'LHR', '2031-12-01T07:15:00.000Z'),
  returnFlightId: leg('LHR', 'LOS', '2031-12-08T10:00:00.000Z'),
  createdAt: '2031-11-01T10:00:00.000Z',
  travellers: [{}, {}],
} as unknown as Booking;

const payment = (status: ConfirmPayment['status'], reason: string | null = null): ConfirmPayment => ({
  status,
  reason,
  amount: 1601.5,
  currency: 'USD',
  paymentMethod: 'bank_transfer',
  userId: { _id: 'u', fullName: 'Ada Lovelace', email: 'ada@example.test' },
});

describe('confirm view', () => {
  it("says 'Confirming payment' while pending", () => {
    expect(confirmView(payment('pending'), booking)).toMatchObject({ pending: true, heading: 'Confirming payment' });
  });

  it("shows a successful payment to the traveller as 'completed', and a failure with its reason", () => {
    expect(confirmView(payment('successful'), booking)).toMatchObject({ pending: false, status: 'completed', heading: 'Payment completed' });
    expect(confirmView(payment('failed', 'Amount missing'), booking)).toMatchObject({ heading: 'Payment failed', reason: 'Amount missing' });
  });

  it('lists the route, reference, payer, method, total with currency, departure in local time and guests', () => {
    expect(confirmView(payment('pending'), booking)).toMatchObject({
      route: 'Lagos → London → Lagos',
      reference: 'K7PQ2M',
      bookedBy: 'Ada Lovelace',
      method: 'Bank Transfer',
      total: '$1,601.50 USD',
      departureDate: 'Mon 01 Dec 08:15',
      guests: 2,
    });
  });
});
