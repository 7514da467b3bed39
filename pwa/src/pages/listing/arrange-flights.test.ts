import { describe, expect, it } from 'vitest';
import type { Flight } from '../../../../sync/schemas/flight';
import { arrangeFlights, dayPartOf, DEFAULT_ARRANGEMENT, fareRange, isFiltered } from './arrange-flights';

const LAGOS = { _id: 'los', name: 'Murtala Muhammed', city: 'Lagos', code: 'LOS', country: 'Nigeria', timeZone: 'Africa/Lagos' };
const LONDON = { ...LAGOS, _id: 'lhr', city: 'London', code: 'LHR', timeZone: 'Europe/London' };

/** A flight leaving at a UTC instant (Lagos is UTC+1), `hours` long, at an Economy price. */
function flight(id: string, departureUtc: string, hours: number, price: number): Flight {
  const departure = `2030-06-10T${departureUtc}:00.000Z`;
  return {
    _id: id,
    flightNumber: `SW${id}`,
    origin: LAGOS,
    destination: LONDON,
    departureTime: departure,
    arrivalTime: new Date(Date.parse(departure) + hours * 3_600_000).toISOString(),
    duration: hours * 60,
    availableSeats: 10,
    status: 'scheduled',
    price,
    createdAt: departure,
  } as Flight;
}

// Local times in Lagos: 04:30 night, 06:00 morning, 11:59 morning, 12:00 afternoon, 17:15 afternoon, 18:00 evening, 23:59 evening.
const FLIGHTS = [
  flight('a', '03:30', 6, 500),
  flight('b', '05:00', 7, 300),
  flight('c', '10:59', 5, 450),
  flight('d', '11:00', 6.5, 300),
  flight('e', '16:15', 8, 250),
  flight('f', '17:00', 5, 600),
  flight('g', '22:59', 6, 410.5),
];
const ids = (list: Flight[]) => list.map((f) => f._id).join('');

describe('sorting and filtering the listing', () => {
  it('puts each departure in its part of the day by the local clock at the origin', () => {
    expect(FLIGHTS.map(dayPartOf)).toEqual(['night', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening']);
  });

  it('sorts by departure, by price and by duration, ties in departure order', () => {
    const shuffled = [...FLIGHTS].reverse();
    expect(ids(arrangeFlights(shuffled, DEFAULT_ARRANGEMENT, 1))).toBe('abcdefg');
    expect(ids(arrangeFlights(shuffled, { ...DEFAULT_ARRANGEMENT, sort: 'price' }, 1))).toBe('ebdgcaf');
    expect(ids(arrangeFlights(shuffled, { ...DEFAULT_ARRANGEMENT, sort: 'duration' }, 1))).toBe('cfagdbe');
    expect(ids(shuffled)).toBe('gfedcba');
  });

  it('keeps the chosen parts of the day, all of them when none is chosen', () => {
    expect(ids(arrangeFlights(FLIGHTS, { ...DEFAULT_ARRANGEMENT, parts: ['morning'] }, 1))).toBe('bc');
    expect(ids(arrangeFlights(FLIGHTS, { ...DEFAULT_ARRANGEMENT, parts: ['night', 'evening'] }, 1))).toBe('afg');
    expect(isFiltered({ ...DEFAULT_ARRANGEMENT, parts: ['night'] })).toBe(true);
    expect(isFiltered(DEFAULT_ARRANGEMENT)).toBe(false);
  });

  it('caps the class fare per traveller, the cap included', () => {
    // Business at 2.5: 300 -> 750, 250 -> 625, 410.5 -> 1026.25.
    expect(ids(arrangeFlights(FLIGHTS, { ...DEFAULT_ARRANGEMENT, maxFareCents: 75_000 }, 2.5))).toBe('bde');
    expect(ids(arrangeFlights(FLIGHTS, { sort: 'price', parts: ['afternoon'], maxFareCents: 75_000 }, 2.5))).toBe('ed');
    expect(fareRange(FLIGHTS, 2.5)).toEqual({ min: 62_500, max: 150_000 });
    expect(fareRange([], 1)).toBeNull();
  });
});
