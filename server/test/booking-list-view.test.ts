import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { bookings, payments } from '../db/schema';
import { toBookingJson, toBookingsJson } from '../services/booking/booking-view';
import { toPaymentJson, toPaymentsJson } from '../services/payment/payments';
import { actors, book, expectAnswer, flightAt, roundTripBody, type Actors, type Created } from './booking-fixtures';
import { sqliteOf } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { statementsRun } from './statements-run';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

describe('a list of bookings or payments is read in a few statements, each entry as it shows alone', () => {
  let server: TestServer;
  let who: Actors;
  const BASE = new Date();
  const departure = new Date(Math.floor(BASE.getTime() / HOUR) * HOUR + 5 * 24 * HOUR);
  let outbound: Flight;
  let inbound: Flight;
  let movedOne: Booking;
  let roundTrip: Created;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(BASE);
    who = await actors(server, 'list-view');
    outbound = await flightAt(server, 'LOS', 'LHR', departure, 390, 400);
    inbound = await flightAt(server, 'LHR', 'LOS', new Date(departure.getTime() + 3 * 24 * HOUR), 390, 380);
    movedOne = (await book(who.owner, outbound, ['A1'])).booking;
    server.setNow(new Date(BASE.getTime() + MINUTE));
    expectAnswer(
      await who.admin.put(`/api/flights/${outbound._id}`, { departureTime: later(outbound.departureTime, 60), arrivalTime: later(outbound.arrivalTime, 60) }),
      200,
    );
    server.setNow(new Date(BASE.getTime() + 2 * MINUTE));
    const res = await who.owner.post<Created>('/api/payments', roundTripBody(outbound, inbound, ['C2', 'C1'], ['D4', 'D3']));
    expectAnswer(res, 201);
    roundTrip = res.body;
    await book(who.other, inbound, ['A1']);
  });
  afterAll(() => server.stop());

  const rowsOf = async (userId: string) => server.ctx.db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.createdAt));

  it('gives every booking its own legs, booked times, seats, travellers and payment status, in the order asked', async () => {
    const rows = [...(await rowsOf(who.ownerId)), ...(await rowsOf(who.otherId))];
    const nowIso = server.ctx.now().toISOString();
    const listed = await toBookingsJson(server.ctx.db, rows, nowIso);
    const alone = [];
    for (const row of rows) alone.push(await toBookingJson(server.ctx.db, row, nowIso));
    expect(listed).toEqual(alone);
    expect(listed.map((b) => b._id)).toEqual(rows.map((r) => r.id));

    const [trip, moved, others] = listed;
    expect(moved?._id).toBe(movedOne._id);
    expect(moved?.flightId.bookedTimes).toEqual({ departureTime: outbound.departureTime, arrivalTime: outbound.arrivalTime });
    expect(moved?.seatId.map((s) => s.seatNumber)).toEqual(['A1']);
    expect(trip?.flightId.bookedTimes).toBeNull();
    expect(trip?.flightId.departureTime).toBe(later(outbound.departureTime, 60));
    expect(trip?.returnFlightId?._id).toBe(inbound._id);
    expect(trip?.seatId.map((s) => `${s.flightId === inbound._id ? 'in' : 'out'} ${s.seatNumber}`)).toEqual(['out C2', 'out C1', 'in D4', 'in D3']);
    expect(trip?.travellers.map((t) => t.firstName)).toEqual(['Tester1', 'Tester2']);
    expect(trip).toEqual(roundTrip.booking);
    expect(others?.userId._id).toBe(who.otherId);
    expect(others?.seatId.map((s) => s.seatNumber)).toEqual(['A1']);
  });

  it('answers the owner the same list through the API', async () => {
    const res = await who.owner.get<Booking[]>('/api/bookings/user');
    expectAnswer(res, 200);
    const nowIso = server.ctx.now().toISOString();
    expect(res.body).toEqual(await toBookingsJson(server.ctx.db, await rowsOf(who.ownerId), nowIso));
    expect(res.body.map((b) => b._id)).toEqual([roundTrip.booking._id, movedOne._id]);
  });

  it('pays for a list with the statements of one', async () => {
    const rows = [...(await rowsOf(who.ownerId)), ...(await rowsOf(who.otherId))];
    const nowIso = server.ctx.now().toISOString();
    const sqlite = sqliteOf(server.ctx);
    const one = await statementsRun(sqlite, () => toBookingsJson(server.ctx.db, rows.slice(0, 1), nowIso));
    const three = await statementsRun(sqlite, () => toBookingsJson(server.ctx.db, rows, nowIso));
    expect(three).toBe(one);
    expect(one).toBeLessThanOrEqual(6);

    const paymentRows = await server.ctx.db.select().from(payments).orderBy(desc(payments.createdAt));
    const listed = await toPaymentsJson(server.ctx.db, paymentRows, nowIso);
    const alone = [];
    for (const row of paymentRows) alone.push(await toPaymentJson(server.ctx.db, row, nowIso));
    expect(listed).toEqual(alone);
    const onePayment = await statementsRun(sqlite, () => toPaymentsJson(server.ctx.db, paymentRows.slice(0, 1), nowIso));
    const allPayments = await statementsRun(sqlite, () => toPaymentsJson(server.ctx.db, paymentRows, nowIso));
    expect(paymentRows.length).toBeGreaterThan(3);
    // At most one more: the review deadlines, read only when a listed payment awaits review.
    expect(allPayments).toBeLessThanOrEqual(onePayment + 1);
  });
});
