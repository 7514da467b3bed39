import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { actors, expectAnswer, flightAt, paymentBody, roundTripBody, type Actors, type Created } from './booking-fixtures';
import { startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;

describe('boarding passes', () => {
  let server: TestServer;
  let who: Actors;
  let outbound: Flight;
  let trip: Created;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'boarding');
    outbound = await flightAt(server, 'LOS', 'LHR', new Date(Date.now() + 20 * HOUR));
    const inbound = await flightAt(server, 'LHR', 'LOS', new Date(Date.now() + 8 * 24 * HOUR));
    const res = await who.owner.post<Created>('/api/payments', roundTripBody(outbound, inbound, ['A1', 'A2'], ['B1', 'B2']));
    expectAnswer(res, 201);
    trip = res.body;
  });
  afterAll(() => server.stop());

  it('none before check-in; then one signed pass per traveller and leg, on the booking everywhere the owner reads it', async () => {
    expect(trip.booking.boardingPasses).toEqual([]);
    expectAnswer(await who.admin.put(`/api/payments/${trip.payment._id}`, { status: 'successful' }), 200);
    const checked = await who.owner.put<Booking>(`/api/bookings/${trip.booking._id}/check-in`);
    expectAnswer(checked, 200);
    const passes = checked.body.boardingPasses;
    expect(passes.map((p) => p.seat).sort()).toEqual(['A1', 'A2', 'B1', 'B2']);
    const day = outbound.departureTime.slice(0, 10).replaceAll('-', '');
    const first = passes.find((p) => p.seat === 'A1');
    expect(first?.code).toMatch(new RegExp(`^SW1\\.${trip.booking.bookingId}\\.${outbound.flightNumber}\\.${day}\\.A1\\.${first?.travellerId}\\.[\\w-]{22}$`));
    expect(new Set(passes.map((p) => p.travellerId)).size).toBe(2);
    const listed = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === trip.booking._id);
    expect(listed?.boardingPasses).toEqual(passes);
    const again = await who.owner.put<Booking>(`/api/bookings/${trip.booking._id}/check-in`);
    expect(again.body.boardingPasses).toEqual(passes);
  });

  it('the server verifies a pass for an admin and refuses a forged or altered one', async () => {
    const booking = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === trip.booking._id);
    const pass = booking?.boardingPasses.find((p) => p.seat === 'A1');
    if (!pass) throw new Error('no pass');
    const traveller = booking?.travellers.find((t) => t._id === pass.travellerId);
    const verified = await who.admin.post('/api/boarding-passes/verify', { code: pass.code });
    expectAnswer(verified, 200);
    expect(verified.body).toEqual({
      bookingId: trip.booking.bookingId,
      flightNumber: outbound.flightNumber,
      seat: 'A1',
      passenger: `${traveller?.title} ${traveller?.firstName} ${traveller?.lastName}`,
      bookingStatus: 'confirmed',
    });
    const altered = pass.code.replace('.A1.', '.F4.');
    const forged = `${pass.code.slice(0, -22)}${'A'.repeat(22)}`;
    for (const code of [altered, forged, 'SW1.nothing', '.']) {
      const res = await who.admin.post<{ code: string }>('/api/boarding-passes/verify', { code });
      expectAnswer(res, 422, 'This boarding pass is not valid');
      expect(res.body.code).toBe('invalid_boarding_pass');
    }
    expectAnswer(await who.admin.post('/api/boarding-passes/verify', { code: '' }), 400);
    expect((await who.owner.post('/api/boarding-passes/verify', { code: pass.code })).status).toBe(403);
  });

  it('tracking by reference and e-mail never shows the passes', async () => {
    const tracked = await who.anon.post<Booking>('/api/bookings/track', { bookingId: trip.booking.bookingId, email: trip.booking.email });
    expectAnswer(tracked, 200);
    expect(tracked.body.checkedInAt).not.toBeNull();
    expect(tracked.body.boardingPasses).toEqual([]);
  });

  it('an admin sets the gate and boarding time (in the 3 hours before departure); a new departure clears the boarding time', async () => {
    const boarding = new Date(Date.parse(outbound.departureTime) - 45 * 60_000).toISOString();
    const set = await who.admin.put<{ flight: Flight }>(`/api/flights/${outbound._id}`, { gate: ' b12 ', boardingTime: boarding });
    expectAnswer(set, 200);
    expect([set.body.flight.gate, set.body.flight.boardingTime]).toEqual(['B12', boarding]);
    const booking = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === trip.booking._id);
    expect([booking?.flightId.gate, booking?.flightId.boardingTime]).toEqual(['B12', boarding]);

    const late = new Date(Date.parse(outbound.departureTime) + 60_000).toISOString();
    const early = new Date(Date.parse(outbound.departureTime) - 4 * HOUR).toISOString();
    expectAnswer(await who.admin.put(`/api/flights/${outbound._id}`, { boardingTime: late }), 400, 'Boarding must start before departure');
    expectAnswer(await who.admin.put(`/api/flights/${outbound._id}`, { boardingTime: early }), 400, 'Boarding starts at most 3 hours before departure');
    expectAnswer(await who.admin.put(`/api/flights/${outbound._id}`, { gate: 'GATE 7' }), 400);

    const delayed = new Date(Date.parse(outbound.departureTime) + HOUR);
    const moved = await who.admin.put<{ flight: Flight }>(`/api/flights/${outbound._id}`, {
      departureTime: delayed.toISOString(),
      arrivalTime: new Date(delayed.getTime() + 6 * HOUR).toISOString(),
    });
    expectAnswer(moved, 200);
    expect([moved.body.flight.gate, moved.body.flight.boardingTime]).toEqual(['B12', null]);
    const cleared = await who.admin.put<{ flight: Flight }>(`/api/flights/${outbound._id}`, { gate: '' });
    expect(cleared.body.flight.gate).toBeNull();
  });

  it('cancelling takes the passes away: none verifies, the booking shows none, and the freed seat sells to another traveller', async () => {
    const before = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === trip.booking._id);
    const codes = before?.boardingPasses.map((p) => p.code) ?? [];
    expect(codes).toHaveLength(4);
    expectAnswer(await who.admin.post('/api/boarding-passes/verify', { code: codes[0] }), 200);

    const cancelled = await who.owner.put<Booking>(`/api/bookings/${trip.booking._id}/cancel`);
    expectAnswer(cancelled, 200);
    expect(cancelled.body.boardingPasses).toEqual([]);
    for (const code of codes) expectAnswer(await who.admin.post('/api/boarding-passes/verify', { code }), 422, 'This boarding pass is not valid');

    expectAnswer(await who.other.post<Created>('/api/payments', paymentBody(outbound, ['A1'])), 201);
    expectAnswer(await who.admin.post('/api/boarding-passes/verify', { code: codes.find((c) => c.includes('.A1.')) }), 422, 'This boarding pass is not valid');
  });
});
