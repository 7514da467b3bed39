import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { icsEvents } from '../../sync/test-ical';
import { actors, expectAnswer, flightAt, roundTripBody, type Actors, type Created } from './booking-fixtures';
import { startTestServer, type TestServer } from './harness';

/** iCalendar times carry whole seconds. */
const toSecond = (iso: string) => iso.replace(/\.\d{3}Z$/, '.000Z');

describe('GET /api/bookings/:id/itinerary.ics', () => {
  let server: TestServer;
  let who: Actors;
  let outbound: Flight;
  let inbound: Flight;
  let trip: Created;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'itinerary');
    outbound = await flightAt(server, 'LOS', 'LHR', new Date(Date.now() + 10 * 24 * 3_600_000));
    inbound = await flightAt(server, 'LHR', 'LOS', new Date(Date.now() + 17 * 24 * 3_600_000), 390);
    const res = await who.owner.post<Created>('/api/payments', roundTripBody(outbound, inbound, ['B2'], ['C3']));
    expectAnswer(res, 201);
    trip = res.body;
  });
  afterAll(() => server.stop());

  it('answers the owner a calendar file with one event per leg in UTC, the flight numbers and the airports by name', async () => {
    const res = await who.owner.get<string>(`/api/bookings/${trip.booking._id}/itinerary.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="skyway-${trip.booking.bookingId}.ics"`);
    const events = icsEvents(res.body).map(({ event }) => event);
    expect(events.map((e) => e.summary)).toEqual([
      `${outbound.flightNumber} Lagos (LOS) to London (LHR)`,
      `${inbound.flightNumber} London (LHR) to Lagos (LOS)`,
    ]);
    expect(events.map((e) => [e.startDate.toJSDate().toISOString(), e.endDate.toJSDate().toISOString()])).toEqual([
      [outbound.departureTime, outbound.arrivalTime].map(toSecond),
      [inbound.departureTime, inbound.arrivalTime].map(toSecond),
    ]);
    expect(events.map((e) => e.startDate.zone.tzid)).toEqual(['UTC', 'UTC']);
    expect(events[0]?.location).toBe(`${outbound.origin.name} (LOS), Lagos`);
    expect(events[0]?.description).toContain(`to ${outbound.destination.name} (LHR), London`);
    expect(events[0]?.description).toContain(`Booking ${trip.booking.bookingId}`);
    expect(events[1]?.description).toContain('Seats C3');
  });

  it('is read by an admin too; another traveller hears 404, an anonymous caller 401', async () => {
    const path = `/api/bookings/${trip.booking._id}/itinerary.ics`;
    expect((await who.admin.get(path)).status).toBe(200);
    expect((await who.other.get(path)).status).toBe(404);
    expect((await who.anon.get(path)).status).toBe(401);
    expect((await who.owner.get('/api/bookings/no-such-booking/itinerary.ics')).status).toBe(404);
  });
});
