import { describe, expect, it } from 'vitest';
import type { Airport } from '../../../../sync/schemas/airport';
import type { Flight } from '../../../../sync/schemas/flight';
import { flightView } from './flight-view';

const airport = (code: string, city: string, timeZone: string): Airport => ({
  _id: `id-${code}`,
  name: `${city} Airport`,
  code,
  city,
  country: 'X',
  timeZone,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const flight = (over: Partial<Flight> = {}): Flight => ({
  _id: 'f1',
  flightNumber: 'SW100',
  origin: airport('LHR', 'London', 'Europe/London'),
  destination: airport('DXB', 'Dubai', 'Asia/Dubai'),
  departureTime: '2026-12-01T20:00:00.000Z',
  arrivalTime: '2026-12-02T03:05:00.000Z',
  duration: 425,
  availableSeats: 7,
  status: 'scheduled',
  price: 520,
  gate: null,
  boardingTime: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const now = new Date('2026-11-22T00:00:00.000Z');

describe('flight card', () => {
  it('shows local times at each airport and +1 for a later local arrival day', () => {
    const view = flightView(flight(), 1, now, 1);
    expect(view.departure).toMatchObject({ time: '20:00', code: 'LHR', city: 'London' });
    expect(view.arrival).toMatchObject({ time: '07:05', code: 'DXB', city: 'Dubai', dayOffset: '+1' });
    expect(view.duration).toBe('7hr 5min');
    expect(view.arrival.zone).toBe('Asia/Dubai (GMT+4)');
    expect(view.departure.longDate).toBe('Tue, Dec 1, 2026');
    expect(view.arrival.longDate).toBe('Wed, Dec 2, 2026');
  });

  it('shows the price per traveller and the total for several travellers', () => {
    expect(flightView(flight(), 1, now, 1)).toMatchObject({ price: '$520.00', total: null });
    expect(flightView(flight({ price: 1234.5 }), 3, now, 1)).toMatchObject({ price: '$1,234.50', total: '$3,703.50' });
  });

  it("shows the chosen class's fare, and no price until its ratio is known", () => {
    expect(flightView(flight(), 1, now, 2.5)).toMatchObject({ price: '$1,300.00', total: null });
    expect(flightView(flight({ price: 1234.5 }), 3, now, 1.6)).toMatchObject({ price: '$1,975.20', total: '$5,925.60' });
    expect(flightView(flight(), 2, now, undefined)).toMatchObject({ price: null, total: null });
  });

  it('counts the seats left and refuses flights that cannot be booked', () => {
    expect(flightView(flight(), 2, now, 1)).toMatchObject({ seatsLeft: 'Only 7 Seats Left', bookable: true });
    expect(flightView(flight({ availableSeats: 1 }), 2, now, 1).bookable).toBe(false);
    expect(flightView(flight({ availableSeats: 0 }), 1, now, 1)).toMatchObject({ seatsLeft: 'Sold out', bookable: false });
    expect(flightView(flight({ status: 'cancelled' }), 1, now, 1).bookable).toBe(false);
    expect(flightView(flight(), 1, new Date('2026-12-01T21:00:00.000Z'), 1).bookable).toBe(false);
  });
});
