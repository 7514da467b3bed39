import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../sync/time';
import { actors, book, expectAnswer, receiptUrl, upcomingFlight, type Actors } from './booking-fixtures';
import { expectError, expectInvalid } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';

type Day = { date: string; bookings: number; revenue: number; refunds: number };
type Overview = { timeZone: string; today: Day & { pendingReviews: number; seatsSold: number }; days: Day[] };

const keyOf = (link: string) => link.split('/').pop() ?? '';

describe('GET /api/admin/overview', () => {
  let server: TestServer;
  let who: Actors;
  const NOW = new Date();

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'overview');
  });
  afterAll(() => server.stop());

  const read = async (tz = 'UTC') => {
    const res = await who.admin.get<Overview>(`/api/admin/overview?tz=${encodeURIComponent(tz)}`);
    expectAnswer(res, 200);
    return res.body;
  };

  it('is for admins only', async () => {
    expectError(await client(server.url).get('/api/admin/overview'), 401, 'Please sign in to continue');
    expectError(await who.owner.get('/api/admin/overview'), 403, 'You are not allowed to do this');
  });

  it('answers 30 calendar days ending today in the asked zone, UTC by default', async () => {
    const res = await who.admin.get<Overview>('/api/admin/overview');
    expect(res.body.timeZone).toBe('UTC');
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1)?.date).toBe(NOW.toISOString().slice(0, 10));
    const tokyo = await read('Asia/Tokyo');
    expect(tokyo.today.date).toBe(localDate(NOW.toISOString(), 'Asia/Tokyo'));
    const dates = tokyo.days.map((d) => d.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);
    expectInvalid(await who.admin.get('/api/admin/overview?tz=Mars/Olympus'), 'tz must be an IANA time zone such as Europe/London');
  });

  it('counts bookings made today, revenue and seats of payments confirmed today, and receipts awaiting review', async () => {
    const before = await read();
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 6);
    const paid = await book(who.owner, flight, ['E1', 'E2']);
    const waiting = await book(who.other, flight, ['E3']);
    const image = await receiptUrl(who.other);
    expectAnswer(await who.other.put(`/api/payments/token/${keyOf(waiting.link)}`, { image }), 200);
    expectAnswer(await who.admin.put(`/api/payments/${paid.payment._id}`, { status: 'successful' }), 200);

    const after = await read();
    expect(after.today.bookings).toBe(before.today.bookings + 2);
    expect(after.today.revenue).toBeCloseTo(before.today.revenue + flight.price * 2, 2);
    expect(after.today.seatsSold).toBe(before.today.seatsSold + 2);
    expect(after.today.pendingReviews).toBe(before.today.pendingReviews + 1);
    expect(after.days.at(-1)).toEqual({ date: after.today.date, bookings: after.today.bookings, revenue: after.today.revenue, refunds: after.today.refunds });
    expect(after.days.slice(0, -1)).toEqual(before.days.slice(0, -1));

    expectAnswer(await who.admin.put(`/api/payments/${waiting.payment._id}`, { status: 'failed', reason: 'Unreadable receipt' }), 200);
    const decided = await read();
    expect(decided.today.pendingReviews).toBe(before.today.pendingReviews);
    expect(decided.today.revenue).toBeCloseTo(after.today.revenue, 2);
  });

  it('puts a booking on the day it was made, in the admin zone', async () => {
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    server.setNow(tomorrow);
    try {
      const before = await read();
      const flight = await upcomingFlight(server.url, 'LHR', 'LOS', 8);
      await book(who.owner, flight, ['F1']);
      const after = await read();
      expect(after.today.date).toBe(tomorrow.toISOString().slice(0, 10));
      expect(after.today.bookings).toBe(before.today.bookings + 1);
      expect(after.days.at(-2)).toEqual(before.days.at(-2));
    } finally {
      server.setNow(NOW);
    }
  });
});
