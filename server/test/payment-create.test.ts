import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../sync/money';
import { PaymentWithInstructionsSchema } from '../../sync/schemas/payment-answer';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { startTestServer, type TestServer } from './harness';
import {
  actors,
  allocationsOf,
  book,
  expectAnswer,
  paymentBody,
  roundTripBody,
  seatView,
  upcomingFlight,
  type Actors,
  type Created,
  type PaymentWithInstructions,
} from './booking-fixtures';
import { countRows } from './fixtures';

const cents = (dollars: number) => Math.round(dollars * 100);

describe('POST /api/payments: booking with a server-computed fare', () => {
  let server: TestServer;
  let who: Actors;
  const NOW = new Date();

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'create');
  });
  afterAll(() => server.stop());

  it('a one-way bank transfer holds one seat per traveller and answers a payment link', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    const before = await seatView(server, flight._id);
    const created = await book(who.owner, flight, ['A1', 'A2']);

    expect(created.link).toMatch(/^\/payment\/[0-9a-f]{32}$/);
    expect(created.instructions).toMatchObject({ kind: 'bank_transfer', link: created.link, amountDue: flight.price * 2 });
    expect(created.instructions.kind === 'bank_transfer' && created.instructions.bankingInfo.accountNumber).toBe('0123456789');
    expect(created.instructions.deadlineAt).toBe(new Date(NOW.getTime() + 24 * 3_600_000).toISOString());
    expect(created.payment).toMatchObject({ amount: flight.price * 2, currency: 'USD', status: 'pending', paymentMethod: 'bank_transfer' });
    expect(created.booking).toMatchObject({ status: 'pending', paymentStatus: 'pending', totalAmount: flight.price * 2, email: 'buyer@example.com' });
    expect(created.booking.bookingId).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    expect(created.booking.seatId.map((s) => s.seatNumber)).toEqual(['A1', 'A2']);
    expect(created.booking.travellers.map((t) => t.firstName)).toEqual(['Tester1', 'Tester2']);

    expect(await seatView(server, flight._id)).toEqual({ available: before.available - 2, taken: [...before.taken, 'A1', 'A2'].sort() });
    expect(await allocationsOf(server, created.booking._id)).toEqual([
      { flight_id: flight._id, seat_label: 'A1', state: 'held', hold_expires_at: created.payment.deadlineAt },
      { flight_id: flight._id, seat_label: 'A2', state: 'held', hold_expires_at: created.payment.deadlineAt },
    ]);
    const byLink = await who.owner.get<PaymentWithInstructions>(`/api/payments/token/${created.link.split('/').pop() ?? ''}`);
    expectAnswer(byLink, 200);
    expect(PaymentWithInstructionsSchema.strict().parse(byLink.body)).toEqual(byLink.body);
    expect(byLink.body._id).toBe(created.payment._id);
    expect(byLink.body.instructions.link).toBe(created.link);
  });

  it('crypto answers the wallet, the rate and the amount due in coins, with a 15:56 deadline', async () => {
    const settings = await who.admin.get<Record<string, unknown>>('/api/settings');
    const btc = { name: 'BTC', network: 'Bitcoin', address: 'bc1qexampleaddress0000000000000000000000', rate: 0.0000163 };
    const saved = await who.admin.put('/api/settings', {
      ...settings.body,
      mail: { name: 'bookings@skyway.test' },
      cryptoInfo: [{ name: 'USDT', network: 'TRC20', address: 'TQ7uVb9fG3cLx8pKzR2mN5wYhD4sJ6eA1B', rate: 1 }, btc],
    });
    expectAnswer(saved, 200);
    const flight = await upcomingFlight(server.url, 'LOS', 'ACC', 8);
    const created = await book(who.owner, flight, ['B1', 'B2', 'B3'], { paymentMethod: 'crypto', cryptoName: 'BTC' });
    const total = flight.price * 3;
    expect(created.instructions).toMatchObject({ kind: 'crypto', name: 'BTC', network: 'Bitcoin', address: btc.address, rate: btc.rate });
    expect(created.instructions.amountDue).toBe(Math.round(total * btc.rate * 1e8) / 1e8);
    expect(created.instructions.deadlineAt).toBe(new Date(NOW.getTime() + 956_000).toISOString());
    expect(created.payment.deadlineAt).toBe(created.instructions.deadlineAt);
    expect(created.payment.amount).toBe(total);
    expect((await allocationsOf(server, created.booking._id)).map((a) => a.hold_expires_at)).toEqual(Array(3).fill(created.payment.deadlineAt));
  });

  it('Cash App answers the tag and the amount due in dollars, with a 15:56 deadline', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'ACC', 9);
    const created = await book(who.owner, flight, ['F4'], { paymentMethod: 'cashApp' });
    expect(created.instructions).toMatchObject({ kind: 'cashApp', tag: '$SkyWayAir', name: 'SkyWay Airlines', amountDue: flight.price });
    expect(created.instructions.deadlineAt).toBe(new Date(NOW.getTime() + 956_000).toISOString());
    expect(created.link).toMatch(/^\/payment\/[0-9a-f]{32}$/);
  });

  it('a round trip holds a seat per traveller on both legs and charges both fares', async () => {
    const outbound = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 12);
    const [outBefore, inBefore] = [await seatView(server, outbound._id), await seatView(server, inbound._id)];
    const res = await who.owner.post<Created>('/api/payments', roundTripBody(outbound, inbound, ['C1', 'C2'], ['D3', 'D4']));
    expectAnswer(res, 201);
    const total = cents((outbound.price + inbound.price) * 2);
    expect(cents(res.body.booking.totalAmount)).toBe(total);
    expect(cents(res.body.payment.amount)).toBe(total);
    expect(res.body.booking.returnFlightId?._id).toBe(inbound._id);
    expect(res.body.booking.returnFlightId?.origin.code).toBe('LHR');
    // The answer is built from the rows just written: it is the booking as it reads back.
    const readBack = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === res.body.booking._id);
    expect(res.body.booking).toEqual(readBack);
    expect(res.body.payment.bookingId).toEqual(readBack);
    const held = await allocationsOf(server, res.body.booking._id);
    expect(held.filter((a) => a.flight_id === outbound._id).map((a) => a.seat_label)).toEqual(['C1', 'C2']);
    expect(held.filter((a) => a.flight_id === inbound._id).map((a) => a.seat_label)).toEqual(['D3', 'D4']);
    expect(held.every((a) => a.state === 'held')).toBe(true);
    expect((await seatView(server, outbound._id)).available).toBe(outBefore.available - 2);
    expect((await seatView(server, inbound._id)).available).toBe(inBefore.available - 2);
  });

  it('an amount that differs from the server fare by even a cent is a 409, and nothing is held', async () => {
    const outbound = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    const inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 13);
    const rows = async () => [await countRows(server, 'bookings'), await countRows(server, 'seat_allocations'), await countRows(server, 'payments')];
    const before = await rows();
    const fare = cents(outbound.price * 2);
    const tampered = [fare - 1, fare + 1, 0, cents(outbound.price), 1];
    for (const sent of tampered) {
      const res = await who.owner.post('/api/payments', paymentBody(outbound, ['A3', 'A4'], { amount: sent / 100 }));
      expectAnswer(res, 409, `The fare is ${formatMoney(fare)}, not ${formatMoney(sent)}. Please review the booking and try again.`);
    }
    const roundTripFare = cents((outbound.price + inbound.price) * 2);
    const outboundOnly = await who.owner.post('/api/payments', roundTripBody(outbound, inbound, ['A3', 'A4'], ['A3', 'A4'], { amount: fare / 100 }));
    expectAnswer(outboundOnly, 409, `The fare is ${formatMoney(roundTripFare)}, not ${formatMoney(fare)}. Please review the booking and try again.`);
    expect(await rows()).toEqual(before);
    expect((await seatView(server, outbound._id)).taken).not.toContain('A3');
    await book(who.owner, outbound, ['A3', 'A4']);
  });

  it("a taken seat answers 409 'Seat {label} is no longer available' and the whole booking is refused", async () => {
    const outbound = await upcomingFlight(server.url, 'LOS', 'LHR', 11);
    const inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 14);
    await book(who.owner, outbound, ['E1']);
    const before = await countRows(server, 'seat_allocations');
    const clash = await who.other.post('/api/payments', paymentBody(outbound, ['E2', 'E1']));
    expectAnswer(clash, 409, 'Seat E1 is no longer available');
    await book(who.owner, inbound, ['B2']);
    const returnClash = await who.other.post('/api/payments', roundTripBody(outbound, inbound, ['E3'], ['B2']));
    expectAnswer(returnClash, 409, 'Seat B2 is no longer available');
    const manual = await who.admin.post('/api/bookings', {
      userId: who.otherId,
      flightId: outbound._id,
      seatId: ['E1'],
      classType: 'Economy',
      currency: 'USD',
      travellers: [paymentBody(outbound, ['E1']).travellers[0]],
    });
    expectAnswer(manual, 409, 'Seat E1 is no longer available');
    expect(await countRows(server, 'seat_allocations')).toBe(before + 1);
    expect((await seatView(server, outbound._id)).taken).toEqual(['E1']);
    expect((await seatView(server, inbound._id)).taken).toEqual(['B2']);
  });

  it('the fare follows the flight: a price change is charged to the next buyer, not to held bookings', async () => {
    const flight: Flight = await upcomingFlight(server.url, 'LOS', 'ABV', 8);
    const first = await book(who.owner, flight, ['A1']);
    const changed = await who.admin.put(`/api/flights/${flight._id}`, { price: flight.price + 25 });
    expectAnswer(changed, 200);
    const stale = await who.other.post('/api/payments', paymentBody(flight, ['A2']));
    expectAnswer(
      stale,
      409,
      `The fare is ${formatMoney(cents(flight.price + 25))}, not ${formatMoney(cents(flight.price))}. Please review the booking and try again.`,
    );
    const fresh = await book(who.other, { ...flight, price: flight.price + 25 }, ['A2']);
    expect(fresh.payment.amount).toBe(flight.price + 25);
    const held = await who.owner.get<PaymentWithInstructions>(`/api/payments/${first.payment._id}`);
    expect(held.body.amount).toBe(flight.price);
  });
});
