import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import type { Payment } from '../../sync/schemas/payment';
import { sweep } from '../services/booking/lifecycle';
import { startTestServer, type TestServer } from './harness';
import {
  actors,
  activeSeats,
  allocationsOf,
  book,
  expectAnswer,
  flightAt,
  paymentBody,
  receiptUrl,
  roundTripBody,
  seatView,
  type Actors,
  type Created,
} from './booking-fixtures';

const HOUR = 3_600_000;
const DEADLINE = 'payment deadline passed';
type AuditRow = { actorId: string | null; fromStatus: string | null; toStatus: string; reason: string | null };
const keyOf = (c: Created) => c.link.split('/').pop() ?? '';

describe('holds expire, reviews hold the seats, confirmed trips complete', () => {
  let server: TestServer;
  let who: Actors;
  let clock = new Date();
  let flight: Flight;

  const at = (ms: number) => {
    clock = new Date(ms);
    server.setNow(clock);
  };
  const bookingOf = async (c: Created) => (await who.admin.get<Payment>(`/api/payments/${c.payment._id}`)).body;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    at(clock.getTime());
    who = await actors(server, 'life');
    flight = await flightAt(server, 'LOS', 'LHR', new Date(clock.getTime() + 20 * 24 * HOUR));
  });
  afterAll(() => server.stop());

  it('a bank transfer hold lasts 24 hours; then the booking is cancelled and its seats are free', async () => {
    const start = clock.getTime();
    const created = await book(who.owner, flight, ['A1', 'A2']);
    expect(created.payment.deadlineAt).toBe(new Date(start + 24 * HOUR).toISOString());
    at(start + 24 * HOUR - 1000);
    await sweep(server.ctx);
    expect((await bookingOf(created)).bookingId.status).toBe('pending');
    expect(await activeSeats(server, flight._id)).toEqual(['A1', 'A2']);
    at(start + 24 * HOUR);
    expect((await seatView(server, flight._id)).taken).toEqual([]);
    expect((await seatView(server, flight._id)).available).toBe(24);
    await sweep(server.ctx);
    const after = await bookingOf(created);
    expect(after).toMatchObject({ status: 'failed', reason: DEADLINE });
    expect(after.bookingId).toMatchObject({ status: 'cancelled', cancelReason: DEADLINE, refundDue: null });
    expect((await allocationsOf(server, created.booking._id)).map((a) => a.state)).toEqual(['released', 'released']);
    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${created.booking._id}`);
    expect(audit.body[0]).toMatchObject({ actorId: null, fromStatus: 'pending', toStatus: 'cancelled', reason: DEADLINE });
    const mails = await who.admin.get<{ subject: string; text: string }[]>('/api/mail-outbox');
    expect(mails.body.find((m) => m.subject === `Booking ${created.booking.bookingId} is cancelled`)?.text).toContain(DEADLINE);
    const late = await who.owner.put(`/api/payments/token/${keyOf(created)}`, { image: await receiptUrl(who.owner) });
    expectAnswer(late, 409, 'This booking is cancelled; its payment can no longer change');
  });

  it("the bank transfer deadline follows the admin's setting", async () => {
    const settings = await who.admin.get<Record<string, unknown>>('/api/settings');
    const saved = await who.admin.put('/api/settings', { ...settings.body, mail: { name: 'bookings@skyway.test' }, paymentDeadlineHours: 2 });
    expectAnswer(saved, 200);
    const start = clock.getTime();
    const created = await book(who.owner, flight, ['B1']);
    expect(created.payment.deadlineAt).toBe(new Date(start + 2 * HOUR).toISOString());
    at(start + 2 * HOUR);
    await sweep(server.ctx);
    expect((await bookingOf(created)).bookingId.status).toBe('cancelled');
  });

  it('crypto expires after 15:56; the freed seat can be sold before the sweeper runs, and the sweeper still cancels', async () => {
    const start = clock.getTime();
    const created = await book(who.owner, flight, ['C1'], { paymentMethod: 'crypto' });
    at(start + 955_000);
    await sweep(server.ctx);
    expect((await bookingOf(created)).bookingId.status).toBe('pending');
    await book(who.other, flight, ['C2']);
    at(start + 956_000);
    expect(await activeSeats(server, flight._id)).toEqual(['C2']);
    const next = await book(who.other, flight, ['C1']);
    expect(await activeSeats(server, flight._id)).toEqual(['C1', 'C2']);
    expectAnswer(await who.owner.post(`/api/payments/${created.payment._id}/paid`), 409, 'The payment deadline has passed');
    await sweep(server.ctx);
    const expired = await bookingOf(created);
    expect(expired).toMatchObject({ status: 'failed', reason: DEADLINE });
    expect(expired.bookingId).toMatchObject({ status: 'cancelled', cancelReason: DEADLINE });
    expect((await bookingOf(next)).bookingId.status).toBe('pending');
    expect(await activeSeats(server, flight._id)).toEqual(['C1', 'C2']);
    const approve = await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' });
    expectAnswer(approve, 409, 'Payment was already marked failed by the system');
  });

  it('an admin cannot confirm a lapsed hold whose seat was sold to someone else', async () => {
    const start = clock.getTime();
    const lapsed = await book(who.owner, flight, ['D1'], { paymentMethod: 'cashApp' });
    at(start + 956_000);
    await book(who.other, flight, ['D1']);
    const approve = await who.admin.put(`/api/payments/${lapsed.payment._id}`, { status: 'successful' });
    expectAnswer(approve, 409, `Booking ${lapsed.booking.bookingId} passed its payment deadline; its seats are no longer held`);
    const after = await bookingOf(lapsed);
    expect(after.bookingId.status).not.toBe('confirmed');
    expect((await allocationsOf(server, lapsed.booking._id)).filter((a) => a.state === 'sold')).toEqual([]);
    await sweep(server.ctx);
    expect((await bookingOf(lapsed)).bookingId).toMatchObject({ status: 'cancelled', cancelReason: DEADLINE });
  });

  it('after "I have made payment" or a receipt the seats stay held past the deadline until an admin decides', async () => {
    const start = clock.getTime();
    const cash = await book(who.owner, flight, ['E1'], { paymentMethod: 'cashApp' });
    const bank = await book(who.owner, flight, ['E2', 'E3']);
    at(start + 900_000);
    expectAnswer(await who.owner.post(`/api/payments/${cash.payment._id}/paid`), 200);
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(bank)}`, { image: await receiptUrl(who.owner) }), 200);
    at(start + 30 * HOUR);
    await sweep(server.ctx);
    expect((await bookingOf(cash)).bookingId.status).toBe('pending');
    expect((await bookingOf(bank)).bookingId.status).toBe('pending');
    expect(await activeSeats(server, flight._id)).toEqual(expect.arrayContaining(['E1', 'E2', 'E3']));
    expectAnswer(await who.other.post('/api/payments', paymentBody(flight, ['E1'])), 409, 'Seat E1 is no longer available');

    expectAnswer(await who.admin.put(`/api/payments/${cash.payment._id}`, { status: 'successful' }), 200);
    expect((await bookingOf(cash)).bookingId.status).toBe('confirmed');
    expect(await allocationsOf(server, cash.booking._id)).toMatchObject([{ state: 'sold', hold_expires_at: null }]);
    const rejected = await who.admin.put<{ payment: Payment }>(`/api/payments/${bank.payment._id}`, { status: 'failed', reason: 'No transfer received' });
    expectAnswer(rejected, 200);
    expect(rejected.body.payment.bookingId).toMatchObject({ status: 'cancelled', cancelReason: DEADLINE });
    expect(await activeSeats(server, flight._id)).not.toContain('E2');
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(bank)}`, { image: await receiptUrl(who.owner) }), 409);
  });

  it('a rejected receipt keeps the hold only until the deadline', async () => {
    const start = clock.getTime();
    const created = await book(who.owner, flight, ['F1']);
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(created)}`, { image: await receiptUrl(who.owner) }), 200);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'failed', reason: 'Blurry' }), 200);
    at(start + 2 * HOUR);
    await sweep(server.ctx);
    expect((await bookingOf(created)).bookingId).toMatchObject({ status: 'cancelled', cancelReason: DEADLINE });
    expect(await activeSeats(server, flight._id)).not.toContain('F1');
  });

  it('a confirmed booking completes once its last leg has departed', async () => {
    const start = clock.getTime();
    const out = await flightAt(server, 'LOS', 'LHR', new Date(start + 2 * 24 * HOUR));
    const back = await flightAt(server, 'LHR', 'LOS', new Date(start + 5 * 24 * HOUR));
    const trip = await who.owner.post<Created>('/api/payments', roundTripBody(out, back, ['A1'], ['A1']));
    expectAnswer(trip, 201);
    const oneWay = await book(who.owner, out, ['A2']);
    for (const c of [trip.body, oneWay]) expectAnswer(await who.admin.put(`/api/payments/${c.payment._id}`, { status: 'successful' }), 200);
    at(Date.parse(out.departureTime) - 1000);
    await sweep(server.ctx);
    expect((await bookingOf(oneWay)).bookingId.status).toBe('confirmed');
    at(Date.parse(out.departureTime));
    await sweep(server.ctx);
    expect((await bookingOf(oneWay)).bookingId.status).toBe('completed');
    expect((await bookingOf(trip.body)).bookingId.status).toBe('confirmed');
    expect((await who.anon.get<Flight>(`/api/flights/${out._id}`)).body.status).toBe('departed');
    at(Date.parse(back.departureTime));
    await sweep(server.ctx);
    const done = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === trip.body.booking._id);
    expect(done?.status).toBe('completed');
    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${trip.body.booking._id}`);
    expect(audit.body[0]).toMatchObject({ actorId: null, fromStatus: 'confirmed', toStatus: 'completed', reason: 'last flight departed' });
  });
});
