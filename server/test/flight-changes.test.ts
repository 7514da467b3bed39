import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRLINE_CANCELLED_CHECK_IN, FLIGHT_CANCELLED_REASON } from '../../sync/airline-cancellation';
import { SYNC_SCHEMA_VERSION, type PullResponse } from '../../sync/protocol';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { sweep } from '../services/booking/lifecycle';
import { actors, book, expectAnswer, flightAt, type Actors, type Api } from './booking-fixtures';
import { startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A device of `api`'s user: pulls every page, keeps the cursor, answers what the pulls carried. */
function device(api: Api) {
  const clientId = randomUUID();
  let cursor: string | null = null;
  return async function pull(): Promise<PullResponse['changes'][]> {
    const pages: PullResponse['changes'][] = [];
    for (;;) {
      const res = await api.post<PullResponse>('/api/sync/pull', { clientId, cursor, schemaVersion: SYNC_SCHEMA_VERSION });
      expectAnswer(res, 200);
      pages.push(res.body.changes);
      cursor = res.body.cursor;
      if (!res.body.hasMore) return pages;
    }
  };
}

const bookingIn = (pages: PullResponse['changes'][], id: string) => pages.flatMap((p) => p.bookings).find((b) => b._id === id);

describe("an admin's change of a flight reaches the bookings on it", () => {
  let server: TestServer;
  let who: Actors;
  const BASE = new Date();
  const departure = new Date(Math.floor(BASE.getTime() / HOUR) * HOUR + 4 * 24 * HOUR);
  let flight: Flight;
  let mine: Booking;
  let paymentId: string;
  let ownerPull: ReturnType<typeof device>;
  let otherPull: ReturnType<typeof device>;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(BASE);
    who = await actors(server, 'changes');
    flight = await flightAt(server, 'LOS', 'LHR', departure, 390, 400);
    const created = await book(who.owner, flight, ['A1']);
    mine = created.booking;
    paymentId = created.payment._id;
    expect(mine.flightId.bookedTimes).toBeNull();
    ownerPull = device(who.owner);
    otherPull = device(who.other);
    await ownerPull();
    await otherPull();
  });
  afterAll(() => server.stop());

  it("new times and a gate reach the owner's next pull with the times booked on; another traveller's pull carries nothing of it", async () => {
    const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();
    server.setNow(new Date(BASE.getTime() + MINUTE));
    const moved = await who.admin.put<{ flight: Flight }>(`/api/flights/${flight._id}`, {
      departureTime: later(flight.departureTime, 90),
      arrivalTime: later(flight.arrivalTime, 90),
      gate: 'b12',
    });
    expectAnswer(moved, 200);

    const seen = bookingIn(await ownerPull(), mine._id);
    expect(seen?.flightId).toMatchObject({
      departureTime: later(flight.departureTime, 90),
      arrivalTime: later(flight.arrivalTime, 90),
      gate: 'B12',
      bookedTimes: { departureTime: flight.departureTime, arrivalTime: flight.arrivalTime },
    });
    const others = await otherPull();
    expect(bookingIn(others, mine._id)).toBeUndefined();
    expect(JSON.stringify(others.map((p) => p.bookings))).not.toContain(mine._id);
  });

  it('a second change still shows the times booked on; a booking made after a change has none to show', async () => {
    server.setNow(new Date(BASE.getTime() + 2 * MINUTE));
    const again = new Date(departure.getTime() + 3 * HOUR).toISOString();
    expectAnswer(
      await who.admin.put(`/api/flights/${flight._id}`, { departureTime: again, arrivalTime: new Date(Date.parse(again) + 390 * MINUTE).toISOString() }),
      200,
    );
    const seen = bookingIn(await ownerPull(), mine._id);
    expect(seen?.flightId.departureTime).toBe(again);
    expect(seen?.flightId.bookedTimes).toEqual({ departureTime: flight.departureTime, arrivalTime: flight.arrivalTime });

    const theirs = (await book(who.other, { ...flight, departureTime: again }, ['B1'])).booking;
    expect(theirs.flightId.bookedTimes).toBeNull();
    server.setNow(new Date(BASE.getTime() + 3 * MINUTE));
  });

  it('moved back to the times booked on, the booking shows no change', async () => {
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { departureTime: flight.departureTime, arrivalTime: flight.arrivalTime }), 200);
    expect(bookingIn(await ownerPull(), mine._id)?.flightId.bookedTimes).toBeNull();
  });

  it('a cancelled flight: the owner cancels even after its departure time and gets the whole amount back; another traveller gets a 404', async () => {
    expectAnswer(await who.admin.put(`/api/payments/${paymentId}`, { status: 'successful' }), 200);
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { status: 'cancelled' }), 200);
    expect(bookingIn(await ownerPull(), mine._id)?.flightId.status).toBe('cancelled');

    server.setNow(new Date(departure.getTime() + 12 * HOUR));
    await sweep(server.ctx);
    const own = (await who.owner.get<Booking[]>('/api/bookings/user')).body;
    expect(own.find((b) => b._id === mine._id)?.status).toBe('confirmed');

    expectAnswer(await who.owner.put(`/api/bookings/${mine._id}/check-in`), 409, AIRLINE_CANCELLED_CHECK_IN);
    expectAnswer(await who.other.put(`/api/bookings/${mine._id}/cancel`), 404, 'Booking not found');
    const cancelled = await who.owner.put<Booking>(`/api/bookings/${mine._id}/cancel`);
    expectAnswer(cancelled, 200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: FLIGHT_CANCELLED_REASON, refundDue: mine.totalAmount, refundPaidAt: null });
    expect(bookingIn(await ownerPull(), mine._id)?.refundDue).toBe(mine.totalAmount);
  });

  it('a flight that was not cancelled keeps the usual rule: no cancelling after departure', async () => {
    server.setNow(BASE);
    const flown = await flightAt(server, 'LHR', 'LOS', new Date(departure.getTime() + 24 * HOUR), 120, 150);
    const booking = (await book(who.owner, flown, ['C1'])).booking;
    server.setNow(new Date(departure.getTime() + 25 * HOUR));
    expectAnswer(await who.owner.put(`/api/bookings/${booking._id}/cancel`), 409, 'A booking cannot be cancelled after departure');
  });
});
