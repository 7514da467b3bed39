import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../sync/schemas/payment';
import { startTestServer, type Answer, type TestServer } from './harness';
import { actors, book, expectAnswer, upcomingFlight, type Actors, type Created, type PaymentWithInstructions } from './booking-fixtures';

const keyOf = (link: string) => link.split('/').pop() ?? '';

/** A refusal that carries none of the payment's data. */
function expectNoData(res: Answer, status: number, created: Created): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const text = JSON.stringify(res.body);
  for (const secret of [created.payment._id, created.payment.transactionId, created.booking.bookingId, created.booking.email, keyOf(created.link)]) {
    expect(text).not.toContain(secret);
  }
}

describe('payments: anonymous 401, another user 404, owner and admin 200', () => {
  let server: TestServer;
  let who: Actors;
  let mine: Created;
  let theirs: Created;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'payacc');
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    server.setNow(new Date());
    mine = await book(who.owner, flight, ['A1'], { confirmEmail: 'owner-private@example.com' });
    server.setNow(new Date(Date.now() + 1000));
    theirs = await book(who.other, flight, ['A2'], { paymentMethod: 'crypto' });
  });
  afterAll(() => server.stop());

  it('GET /payments/:id', async () => {
    const url = `/api/payments/${mine.payment._id}`;
    expectNoData(await who.anon.get(url), 401, mine);
    const stranger = await who.other.get(url);
    expectNoData(stranger, 404, mine);
    expectAnswer(stranger, 404, 'Payment not found');
    for (const api of [who.owner, who.admin]) {
      const res = await api.get<PaymentWithInstructions>(url);
      expectAnswer(res, 200);
      expect(res.body).toMatchObject({ _id: mine.payment._id, status: 'pending', userId: { _id: who.ownerId } });
      expect(res.body.instructions.link).toBe(mine.link);
    }
    expectAnswer(await who.owner.get('/api/payments/no-such-payment'), 404, 'Payment not found');
  });

  it('GET /payments/token/:key', async () => {
    const url = `/api/payments/token/${keyOf(mine.link)}`;
    expectNoData(await who.anon.get(url), 401, mine);
    expectNoData(await who.other.get(url), 404, mine);
    for (const api of [who.owner, who.admin]) {
      const res = await api.get<PaymentWithInstructions>(url);
      expectAnswer(res, 200);
      expect(res.body._id).toBe(mine.payment._id);
    }
    expectAnswer(await who.owner.get(`/api/payments/token/${'0'.repeat(32)}`), 404, 'Payment not found');
  });

  it('PUT /payments/token/:key and POST /payments/:id/paid refuse strangers without changing anything', async () => {
    expectNoData(await who.anon.put(`/api/payments/token/${keyOf(mine.link)}`, { image: '/api/images/x' }), 401, mine);
    expectNoData(await who.other.put(`/api/payments/token/${keyOf(mine.link)}`, { image: '/api/images/x' }), 404, mine);
    expectNoData(await who.anon.post(`/api/payments/${theirs.payment._id}/paid`), 401, theirs);
    expectNoData(await who.owner.post(`/api/payments/${theirs.payment._id}/paid`), 404, theirs);
    const check = await who.other.get<Payment>(`/api/payments/${theirs.payment._id}`);
    expect(check.body.awaitingReviewAt).toBeNull();
    const byAdmin = await who.admin.post<{ payment: Payment }>(`/api/payments/${theirs.payment._id}/paid`);
    expectAnswer(byAdmin, 200, 'Payment awaiting confirmation');
  });

  it('GET /payments/user lists only the caller’s payments', async () => {
    expectAnswer(await who.anon.get('/api/payments/user'), 401);
    const own = await who.owner.get<Payment[]>('/api/payments/user');
    expectAnswer(own, 200);
    expect(own.body.map((p) => p._id)).toEqual([mine.payment._id]);
    const other = await who.other.get<Payment[]>('/api/payments/user');
    expect(other.body.map((p) => p._id)).toEqual([theirs.payment._id]);
    expect(JSON.stringify(other.body)).not.toContain('owner-private@example.com');
  });

  it('GET /payments is admin-only, searchable and paged with X-Total-Count', async () => {
    expectAnswer(await who.anon.get('/api/payments'), 401);
    expectAnswer(await who.owner.get('/api/payments'), 403);
    const all = await who.admin.get<Payment[]>('/api/payments?limit=100');
    expectAnswer(all, 200);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    expect(total).toBeGreaterThanOrEqual(6);
    const page1 = await who.admin.get<Payment[]>('/api/payments?limit=2&page=1');
    const page2 = await who.admin.get<Payment[]>('/api/payments?limit=2&page=2');
    expect(page1.headers.get('x-total-count')).toBe(String(total));
    expect(page1.body).toHaveLength(2);
    expect(page2.body).toHaveLength(2);
    expect([...page1.body, ...page2.body].map((p) => p._id)).toEqual(all.body.slice(0, 4).map((p) => p._id));
    expect(page1.body[0]?._id, 'newest first').toBe(theirs.payment._id);
    const beyond = await who.admin.get<Payment[]>(`/api/payments?limit=5&page=${Math.ceil(total / 5) + 1}`);
    expect(beyond.body).toEqual([]);

    const byReference = await who.admin.get<Payment[]>(`/api/payments?search=${mine.booking.bookingId}`);
    expect(byReference.body.map((p) => p._id)).toEqual([mine.payment._id]);
    expect(byReference.headers.get('x-total-count')).toBe('1');
    const byTransaction = await who.admin.get<Payment[]>(`/api/payments?search=${theirs.payment.transactionId}`);
    expect(byTransaction.body.map((p) => p._id)).toEqual([theirs.payment._id]);
    const byPayer = await who.admin.get<Payment[]>('/api/payments?search=other-payacc@example.com');
    expect(byPayer.body.map((p) => p._id)).toEqual([theirs.payment._id]);
    const byStatus = await who.admin.get<Payment[]>('/api/payments?status=successful&limit=100');
    expect(byStatus.body.every((p) => p.status === 'successful')).toBe(true);
    expectAnswer(await who.admin.get('/api/payments?limit=0'), 400);
  });
});
