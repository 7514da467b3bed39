import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Payment } from '../../sync/schemas/payment';
import { actors, book, expectAnswer, upcomingFlight, type Actors, type Created } from './booking-fixtures';
import { startTestServer, type TestServer } from './harness';

/** The admins' lists page the whole history on the server with the filters their screens have (#47). */
describe('admin history lists', () => {
  let server: TestServer;
  let who: Actors;
  let unpaid: Created;
  let claimed: Created;
  let earlier: Created;
  let failed: Created;
  const t0 = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'history');
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    server.setNow(new Date(t0));
    earlier = await book(who.owner, flight, ['C1']);
    expectAnswer(await who.owner.post(`/api/payments/${earlier.payment._id}/paid`, {}), 200);
    server.setNow(new Date(t0 + 60_000));
    claimed = await book(who.owner, flight, ['C2']);
    expectAnswer(await who.owner.post(`/api/payments/${claimed.payment._id}/paid`, {}), 200);
    server.setNow(new Date(t0 + 120_000));
    failed = await book(who.other, flight, ['C3'], { paymentMethod: 'crypto' });
    expectAnswer(await who.admin.put(`/api/payments/${failed.payment._id}`, { status: 'failed', reason: 'Nothing arrived' }), 200);
    server.setNow(new Date(t0 + 180_000));
    unpaid = await book(who.other, flight, ['C4']);
  });
  afterAll(() => server.stop());

  const list = async (query: string, limit = 100) => {
    const res = await who.admin.get<Payment[]>(`/api/payments?limit=${limit}&after=${new Date(t0 - 1000).toISOString()}&${query}`);
    expectAnswer(res, 200);
    return { ids: res.body.map((p) => p._id), total: Number(res.headers.get('x-total-count')) };
  };

  it("the queue's order: awaiting review first, the longest waiting on top, then the others newest first, a page at a time", async () => {
    const all = [earlier, claimed, unpaid, failed].map((c) => c.payment._id);
    expect((await list('order=queue')).ids).toEqual(all);
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(...(await list(`order=queue&page=${page}`, 1)).ids);
    expect(pages).toEqual(all);
    expect((await list('')).ids).toEqual([unpaid, failed, claimed, earlier].map((c) => c.payment._id));
  });

  it('filters by stage, status, method and receipt, and by when the payment was made', async () => {
    expect(await list('status=pending&stage=awaiting')).toEqual({ ids: [claimed.payment._id, earlier.payment._id], total: 2 });
    expect((await list('status=pending&stage=unpaid')).ids).toEqual([unpaid.payment._id]);
    expect((await list('method=crypto')).ids).toEqual([failed.payment._id]);
    expect((await list('receipt=1')).ids).toEqual([]);
    expect((await list(`before=${new Date(t0 + 90_000).toISOString()}`)).ids).toEqual([claimed.payment._id, earlier.payment._id]);
  });

  it('bounds the bookings by when they were made', async () => {
    const res = await who.admin.get<Booking[]>(
      `/api/bookings?limit=100&after=${new Date(t0 + 90_000).toISOString()}&before=${new Date(t0 + 150_000).toISOString()}`,
    );
    expectAnswer(res, 200);
    expect(res.body.map((b) => b._id)).toEqual([failed.booking._id]);
  });

  it('refuses a query it cannot read, with the reason', async () => {
    for (const query of ['order=sideways', 'stage=late', 'after=yesterday', 'receipt=yes', 'method=cash']) {
      const res = await who.admin.get(`/api/payments?${query}`);
      expectAnswer(res, 400);
    }
    expectAnswer(await who.admin.get('/api/bookings?before=soon'), 400);
    expectAnswer(await who.owner.get('/api/payments?order=queue'), 403);
  });
});
