import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import { startTestServer, type Answer, type TestServer } from './harness';
import { actors, activeSeats, book, expectAnswer, traveller, upcomingFlight, type Actors, type Created } from './booking-fixtures';

/** A refusal that carries none of the booking's data. */
function expectNoData(res: Answer, status: number, created: Created, message?: string): void {
  expectAnswer(res, status, message);
  const text = JSON.stringify(res.body);
  for (const secret of [created.booking.bookingId, created.booking.email, created.booking.travellers[0]?.passportNumber ?? '?'])
    expect(text).not.toContain(secret);
}

describe('bookings and admin routes: anonymous 401, another user 404 (403 on admin routes), owner and admin OK', () => {
  let server: TestServer;
  let who: Actors;
  let mine: Created;
  let theirs: Created;
  let flightId: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'bookacc');
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    flightId = flight._id;
    mine = await book(who.owner, flight, ['B1', 'B2'], { confirmEmail: 'owner-secret@example.com' });
    theirs = await book(who.other, flight, ['C1']);
  });
  afterAll(() => server.stop());

  it('GET /bookings/user answers only the caller’s bookings', async () => {
    expectAnswer(await who.anon.get('/api/bookings/user'), 401, 'Please sign in to continue');
    const own = await who.owner.get<Booking[]>('/api/bookings/user');
    expectAnswer(own, 200);
    expect(own.body.map((b) => b._id)).toEqual([mine.booking._id]);
    expect(own.body[0]?.travellers.map((t) => t.passportNumber)).toEqual([traveller(1).passportNumber, traveller(2).passportNumber]);
    const other = await who.other.get<Booking[]>('/api/bookings/user');
    expect(other.body.map((b) => b._id)).toEqual([theirs.booking._id]);
    expect(JSON.stringify(other.body)).not.toContain('owner-secret@example.com');
  });

  it('admin-only reads: GET /bookings, /payments, /audit, /mail-outbox', async () => {
    for (const url of ['/api/bookings', '/api/payments', '/api/audit', '/api/mail-outbox']) {
      expectAnswer(await who.anon.get(url), 401);
      const refused = await who.owner.get(url);
      expectAnswer(refused, 403, 'You are not allowed to do this');
      expect(JSON.stringify(refused.body)).not.toContain(mine.booking.bookingId);
      expectAnswer(await who.admin.get(url), 200);
    }
  });

  it('PUT /bookings/:id/cancel: strangers change nothing; the owner and the admin may cancel', async () => {
    const url = `/api/bookings/${mine.booking._id}/cancel`;
    expectNoData(await who.anon.put(url), 401, mine);
    expectNoData(await who.other.put(url), 404, mine, 'Booking not found');
    expect(await activeSeats(server, flightId)).toEqual(['B1', 'B2', 'C1']);
    const byOwner = await who.owner.put<Booking>(url);
    expectAnswer(byOwner, 200);
    expect(byOwner.body).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled by the traveller', paymentStatus: 'failed', refundDue: null });
    expect(await activeSeats(server, flightId)).toEqual(['C1']);
    expectAnswer(await who.owner.put(url), 409, 'A cancelled booking cannot be cancelled');
    const byAdmin = await who.admin.put<Booking>(`/api/bookings/${theirs.booking._id}/cancel`);
    expectAnswer(byAdmin, 200);
    expect(byAdmin.body).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled by the airline' });
    expect(await activeSeats(server, flightId)).toEqual([]);
    expectAnswer(await who.owner.put('/api/bookings/no-such-booking/cancel'), 404, 'Booking not found');
  });

  it('PUT /bookings/:id/check-in is the owner’s alone', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const created = await book(who.owner, flight, ['D1']);
    const url = `/api/bookings/${created.booking._id}/check-in`;
    expectNoData(await who.anon.put(url), 401, created);
    expectNoData(await who.other.put(url), 404, created, 'Booking not found');
    expectNoData(await who.admin.put(url), 404, created, 'Booking not found');
    expectAnswer(await who.owner.put(url), 409, 'Only confirmed bookings can be checked in');
  });

  it('PUT /bookings/:id/refund is admin-only', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    const created = await book(who.owner, flight, ['E1']);
    const url = `/api/bookings/${created.booking._id}/refund`;
    expectNoData(await who.anon.put(url), 401, created);
    expectNoData(await who.owner.put(url), 403, created, 'You are not allowed to do this');
    expectNoData(await who.other.put(url), 403, created);
    const paid = { amount: 1, method: 'bank transfer' };
    expectAnswer(await who.admin.put(url, paid), 409, 'This booking has no refund due');
    expectAnswer(await who.admin.put('/api/bookings/no-such-booking/refund', paid), 404, 'Booking not found');
  });

  it('POST /bookings (manual booking) is admin-only', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 11);
    const body = { userId: who.ownerId, flightId: flight._id, seatId: ['F1'], classType: 'Economy', currency: 'USD', travellers: [traveller(1)] };
    expectAnswer(await who.anon.post('/api/bookings', body), 401);
    expectAnswer(await who.owner.post('/api/bookings', body), 403);
    expect(await activeSeats(server, flight._id)).toEqual([]);
    const made = await who.admin.post<Booking>('/api/bookings', body);
    expectAnswer(made, 201);
    expect(made.body).toMatchObject({ status: 'pending', userId: { _id: who.ownerId }, email: who.ownerEmail, totalAmount: flight.price });
    const list = await who.owner.get<Booking[]>('/api/bookings/user');
    expect(list.body.map((b) => b._id)).toContain(made.body._id);
    expectAnswer(await who.admin.post('/api/bookings', { ...body, userId: 'nobody' }), 404, 'User not found');
    expectAnswer(await who.admin.post('/api/bookings', { ...body, seatId: ['H9'] }), 400, 'Seat must be a label from A1 to F4');
    expectAnswer(await who.admin.post('/api/bookings', { ...body, travellers: [traveller(1), traveller(2)] }), 400, 'Choose one seat per traveller');
  });

  it('POST /emails is admin-only; the admin’s mail lands in the outbox', async () => {
    const mail = { to: 'someone@example.com', subject: 'Schedule change', message: 'Your flight <b>moved</b>' };
    expectAnswer(await who.anon.post('/api/emails', mail), 401);
    expectAnswer(await who.owner.post('/api/emails', mail), 403);
    const outboxBefore = await who.admin.get<{ subject: string }[]>('/api/mail-outbox?limit=200');
    expect(outboxBefore.body.map((m) => m.subject)).not.toContain('Schedule change');
    expectAnswer(await who.admin.post('/api/emails', mail), 201, 'Email sent');
    const outbox = await who.admin.get<{ to: string; subject: string; text: string; html: string; status: string }[]>('/api/mail-outbox');
    const sent = outbox.body.find((m) => m.subject === 'Schedule change');
    expect(sent).toMatchObject({ to: 'someone@example.com', text: 'Your flight <b>moved</b>', status: 'stored' });
    expect(sent?.html).not.toContain('<b>');
    expectAnswer(await who.admin.post('/api/emails', { ...mail, to: 'not-an-address' }), 400);
  });
});
