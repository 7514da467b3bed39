import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../sync/schemas/payment';
import { actors, book, expectAnswer, flightAt, type Actors } from './booking-fixtures';
import { startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;

/** A payment awaiting review says until when an admin has to decide: the seats' hold, never past departure. */
describe('the review deadline of a payment', () => {
  let server: TestServer;
  let who: Actors;
  const start = Date.parse('2031-03-01T08:00:00.000Z');

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(new Date(start));
    who = await actors(server, 'review-deadline');
  });
  afterAll(() => server.stop());

  it('is null until the payment is claimed, then 48 hours on (the default), and null again once decided', async () => {
    const created = await book(who.owner, await flightAt(server, 'LOS', 'LHR', new Date(start + 10 * 24 * HOUR)), ['A1']);
    const read = async () => (await who.owner.get<Payment>(`/api/payments/${created.payment._id}`)).body;
    expect((await read()).reviewDeadlineAt).toBeNull();
    server.setNow(new Date(start + HOUR));
    expectAnswer(await who.owner.post(`/api/payments/${created.payment._id}/paid`), 200);
    expect((await read()).reviewDeadlineAt).toBe(new Date(start + 49 * HOUR).toISOString());
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'failed', reason: 'Nothing arrived' }), 200);
    expect((await read()).reviewDeadlineAt).toBeNull();
  });

  it('never runs past the departure', async () => {
    const departure = start + 30 * HOUR;
    const created = await book(who.owner, await flightAt(server, 'LOS', 'LHR', new Date(departure)), ['B1']);
    expectAnswer(await who.owner.post(`/api/payments/${created.payment._id}/paid`), 200);
    const payment = (await who.owner.get<Payment>(`/api/payments/${created.payment._id}`)).body;
    expect(payment.reviewDeadlineAt).toBe(new Date(departure).toISOString());
  });
});
