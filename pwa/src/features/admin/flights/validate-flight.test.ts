import { describe, expect, it } from 'vitest';
import type { Airport } from '../../../../../sync/schemas/airport';
import { formatHours, toZoneInput } from './flight-times';
import { boardingBody, flightBody, flightErrors, type FlightInput } from './validate-flight';

const airport = (code: string, timeZone: string): Airport => ({ _id: `id-${code}`, name: code, code, city: code, country: 'X', timeZone, createdAt: '' });
const AIRPORTS = [airport('LOS', 'Africa/Lagos'), airport('LHR', 'Europe/London'), airport('JFK', 'America/New_York')];
const EMPTY: FlightInput = { origin: '', destination: '', departureTime: '', arrivalTime: '', price: '', status: '', gate: '', boardingTime: '' };
const GOOD: FlightInput = {
  origin: 'id-LOS',
  destination: 'id-LHR',
  departureTime: '2031-01-10T10:00',
  arrivalTime: '2031-01-10T15:45',
  price: '420.50',
  status: '',
  gate: '',
  boardingTime: '',
};

describe('flight form', () => {
  it('takes a gate of letters and digits and a boarding time in the 3 hours before departure, in the origin zone', () => {
    expect(flightErrors({ ...GOOD, gate: 'b12', boardingTime: '2031-01-10T09:15' }, AIRPORTS)).toEqual({});
    expect(boardingBody({ ...GOOD, gate: 'b12', boardingTime: '2031-01-10T09:15' }, AIRPORTS)).toEqual({
      gate: 'b12',
      boardingTime: '2031-01-10T08:15:00.000Z',
    });
    expect(boardingBody(GOOD, AIRPORTS)).toEqual({ gate: '', boardingTime: null });
    expect(flightErrors({ ...GOOD, gate: 'Gate 7' }, AIRPORTS)).toEqual({ gate: 'Gate is up to 6 letters and digits' });
    expect(flightErrors({ ...GOOD, boardingTime: '2031-01-10T10:05' }, AIRPORTS)).toEqual({ boardingTime: 'Boarding must start before departure' });
    expect(flightErrors({ ...GOOD, boardingTime: '2031-01-10T06:45' }, AIRPORTS)).toEqual({ boardingTime: 'Boarding starts at most 3 hours before departure' });
  });

  it('uses the spec texts', () => {
    expect(flightErrors(EMPTY, AIRPORTS)).toEqual({
      origin: 'Origin is required',
      destination: 'Destination is required',
      departureTime: 'Departure time is required',
      arrivalTime: 'Arrival time is required',
      price: 'Price must be greater than 0',
    });
    for (const price of ['0', '-3', 'abc']) expect(flightErrors({ ...GOOD, price }, AIRPORTS)).toEqual({ price: 'Price must be greater than 0' });
    expect(flightErrors(GOOD, AIRPORTS)).toEqual({});
  });

  it('reads departure at the origin and arrival at the destination', () => {
    expect(flightBody(GOOD, AIRPORTS)).toEqual({
      origin: 'id-LOS',
      destination: 'id-LHR',
      departureTime: '2031-01-10T09:00:00.000Z',
      arrivalTime: '2031-01-10T15:45:00.000Z',
      price: 420.5,
    });
    // 08:00 in New York is 13:00 in London: it lands after it leaves, though the clock reads earlier.
    const west = { ...GOOD, origin: 'id-LHR', destination: 'id-JFK', departureTime: '2031-01-10T10:00', arrivalTime: '2031-01-10T08:00' };
    expect(flightErrors(west, AIRPORTS)).toEqual({});
    expect(flightErrors({ ...west, arrivalTime: '2031-01-10T04:00' }, AIRPORTS)).toEqual({ arrivalTime: 'Arrival must be after departure' });
  });

  it('refuses a new departure in the past and a flight over 20 hours; an edited flight keeps its own past departure', () => {
    const now = Date.parse('2031-01-10T12:00:00Z');
    expect(flightErrors(GOOD, AIRPORTS, now)).toEqual({ departureTime: 'Departure must be in the future' });
    expect(flightErrors(GOOD, AIRPORTS, now, GOOD.departureTime)).toEqual({});
    const later = { ...GOOD, departureTime: '2031-01-11T10:00' };
    expect(flightErrors({ ...later, arrivalTime: '2031-01-12T05:00' }, AIRPORTS, now)).toEqual({});
    expect(flightErrors({ ...later, arrivalTime: '2031-01-12T05:15' }, AIRPORTS, now)).toEqual({ arrivalTime: 'A flight lasts at most 20 hours' });
  });

  it('keeps times on the quarter hour and shows instants back in the zone', () => {
    expect(flightErrors({ ...GOOD, departureTime: '2031-01-10T10:07' }, AIRPORTS)).toEqual({ departureTime: 'Choose a time on the quarter hour' });
    expect(toZoneInput('2031-07-10T09:00:00.000Z', 'Europe/London')).toBe('2031-07-10T10:00');
    expect(formatHours(75)).toBe('1.25 hrs');
    expect(formatHours(360)).toBe('6 hrs');
  });
});
