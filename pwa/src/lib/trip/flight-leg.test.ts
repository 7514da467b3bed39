import { describe, expect, it } from 'vitest';
import type { Flight } from '../../../../sync/schemas/flight';
import { flightsOfLeg } from './flight-leg';

const NEW_YORK = {
  _id: 'jfk-id',
  name: 'John F. Kennedy',
  city: 'New York',
  code: 'JFK',
  country: 'United States',
  timeZone: 'America/New_York',
  createdAt: '2030-01-01T00:00:00.000Z',
};
const LONDON = {
  _id: 'lhr-id',
  name: 'Heathrow',
  city: 'London',
  code: 'LHR',
  country: 'United Kingdom',
  timeZone: 'Europe/London',
  createdAt: '2030-01-01T00:00:00.000Z',
};

function flight(id: string, departure: string, origin = NEW_YORK, destination = LONDON): Flight {
  return {
    _id: id,
    flightNumber: `SW${id}`,
    origin,
    destination,
    departureTime: departure,
    arrivalTime: new Date(Date.parse(departure) + 7 * 3_600_000).toISOString(),
    duration: 420,
    availableSeats: 24,
    status: 'scheduled',
    price: 500,
    gate: null,
    boardingTime: null,
    createdAt: departure,
  };
}

// New York is UTC-4 in June: 02:00 UTC on the 11th is 22:00 on the 10th there.
const FLIGHTS = [
  flight('late', '2030-06-11T02:00:00.000Z'),
  flight('early', '2030-06-10T12:00:00.000Z'),
  flight('before', '2030-06-10T03:00:00.000Z'),
  flight('next-day', '2030-06-11T05:00:00.000Z'),
  flight('back', '2030-06-10T14:00:00.000Z', LONDON, NEW_YORK),
];
const ids = (flights: Flight[]) => flights.map((f) => f._id);

describe('a search answered from the synced flights', () => {
  it('keeps the route and the date by the origin clock, in departure order', () => {
    expect(ids(flightsOfLeg(FLIGHTS, { origin: 'JFK', destination: 'LHR', date: '2030-06-10' }))).toEqual(['early', 'late']);
    expect(ids(flightsOfLeg(FLIGHTS, { origin: 'JFK', destination: 'LHR', date: '2030-06-09' }))).toEqual(['before']);
  });

  it('takes airports by code in any case or by id, and never the other direction', () => {
    expect(ids(flightsOfLeg(FLIGHTS, { origin: 'jfk', destination: 'lhr-id', date: '2030-06-11' }))).toEqual(['next-day']);
    expect(ids(flightsOfLeg(FLIGHTS, { origin: 'LHR', destination: 'JFK', date: '2030-06-10' }))).toEqual(['back']);
  });

  it('answers nothing for a date or route the device has no flight for', () => {
    expect(flightsOfLeg(FLIGHTS, { origin: 'JFK', destination: 'LHR', date: '2030-07-01' })).toEqual([]);
    expect(flightsOfLeg(FLIGHTS, { origin: 'JFK', destination: 'CDG', date: '2030-06-10' })).toEqual([]);
  });
});
