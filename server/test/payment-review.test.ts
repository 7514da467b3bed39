import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../sync/schemas/payment';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { client, startTestServer, type TestServer } from './harness';
import {
  actors,
  allocationsOf,
  book,
  expectAnswer,
  receiptUrl,
  secondAdmin,
  seatView,
  upcomingFlight,
  type Actors,
  type Api,
  type PaymentWithInstructions,
} from './booking-fixtures';

type Decision = { message: string; payment: Payment };
type AuditRow = { actorId: string | null; entity: string; entityId: string; fromStatus: string | null; toStatus: string; reason: string | null };
const keyOf = (link: string) => link.split('/').pop() ?? '';

describe('receipts, "I have made payment" and the admin decision', () => {
  let server: TestServer;
  let who: Actors;
  let admin2: Api;
  const NOW = new Date();

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'review');
    admin2 = client(server.url, (await secondAdmin(server)).token);
  });
  afterAll(() => server.stop());

  const reviewDeadline = new Date(NOW.getTime() + 48 * 3_600_000).toISOString();

  it('a receipt marks the payment awaiting review and holds the seats until an admin decides or 48 hours pass', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    const created = await book(who.owner, flight, ['A1', 'A2']);
    const image = await receiptUrl(who.owner);
    const uploaded = await who.owner.put<Decision>(`/api/payments/token/${keyOf(created.link)}`, { image });
    expectAnswer(uploaded, 200, 'Receipt uploaded');
    expect(uploaded.body.payment).toMatchObject({ status: 'pending', awaitingReviewAt: NOW.toISOString(), image });
    expect((await allocationsOf(server, created.booking._id)).map((a) => [a.state, a.hold_expires_at])).toEqual([
      ['held', reviewDeadline],
      ['held', reviewDeadline],
    ]);
    const outbox = await who.admin.get<{ to: string; subject: string; text: string }[]>('/api/mail-outbox');
    expect(outbox.body.find((m) => m.subject === `Receipt uploaded: booking ${created.booking.bookingId}`)?.text).toContain('has uploaded payment receipt');
  });

  it('a receipt must be an image the payer uploaded, on a bank transfer, by the owner', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const created = await book(who.owner, flight, ['B1']);
    const key = keyOf(created.link);
    const othersImage = await receiptUrl(who.other);
    expectAnswer(await who.owner.put(`/api/payments/token/${key}`, { image: othersImage }), 400, 'No image found');
    expectAnswer(await who.owner.put(`/api/payments/token/${key}`, { image: '/api/images/00000000000000000000000000000000' }), 400, 'No image found');
    expectAnswer(await who.owner.put(`/api/payments/token/${key}`, {}), 400, 'No image found');
    expectAnswer(await who.other.put(`/api/payments/token/${key}`, { image: othersImage }), 404, 'Payment not found');
    expectAnswer(await who.anon.put(`/api/payments/token/${key}`, { image: othersImage }), 401);
    const crypto = await book(who.owner, flight, ['B2'], { paymentMethod: 'crypto' });
    expectAnswer(
      await who.owner.put(`/api/payments/token/${keyOf(crypto.link)}`, { image: await receiptUrl(who.owner) }),
      400,
      'Receipts are for bank transfers',
    );
    const payment = await who.owner.get<Payment>(`/api/payments/${created.payment._id}`);
    expect(payment.body).toMatchObject({ awaitingReviewAt: null, image: null });
  });

  it('"I have made payment" (crypto, Cash App) replaces the 15:56 limit by the review deadline; only the owner may press it', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'ACC', 8);
    const created = await book(who.owner, flight, ['C1'], { paymentMethod: 'cashApp' });
    expectAnswer(await who.anon.post(`/api/payments/${created.payment._id}/paid`), 401);
    expectAnswer(await who.other.post(`/api/payments/${created.payment._id}/paid`), 404, 'Payment not found');
    const paid = await who.owner.post<Decision>(`/api/payments/${created.payment._id}/paid`);
    expectAnswer(paid, 200, 'Payment awaiting confirmation');
    expect(paid.body.payment.awaitingReviewAt).toBe(NOW.toISOString());
    expect(await allocationsOf(server, created.booking._id)).toMatchObject([{ state: 'held', hold_expires_at: reviewDeadline }]);
  });

  it('only admins decide; a failure needs a reason and the status must be successful or failed', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    const created = await book(who.owner, flight, ['D1']);
    const url = `/api/payments/${created.payment._id}`;
    expectAnswer(await who.anon.put(url, { status: 'successful' }), 401);
    expectAnswer(await who.owner.put(url, { status: 'successful' }), 403);
    expectAnswer(await who.other.put(url, { status: 'successful' }), 403);
    expectAnswer(await who.admin.put(url, { status: 'failed' }), 400, 'A reason is required when a payment fails');
    expectAnswer(await who.admin.put(url, { status: 'failed', reason: '   ' }), 400, 'A reason is required when a payment fails');
    expectAnswer(await who.admin.put(url, { status: 'pending' }), 400, "Status must be 'successful' or 'failed'");
    expectAnswer(await who.admin.put('/api/payments/unknown-payment', { status: 'successful' }), 404, 'Payment not found');
    const still = await who.owner.get<Payment>(url);
    expect(still.body.status).toBe('pending');
    expect(still.body.bookingId.status).toBe('pending');
  });

  it('failed with a reason -> the traveller sees it and re-uploads; successful -> booking confirmed and seats sold', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 11);
    const before = await seatView(server, flight._id);
    const created = await book(who.owner, flight, ['E1', 'E2']);
    const url = `/api/payments/${created.payment._id}`;
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(created.link)}`, { image: await receiptUrl(who.owner) }), 200);
    const failed = await who.admin.put<Decision>(url, { status: 'failed', reason: 'The receipt is unreadable' });
    expectAnswer(failed, 200, 'Payment status updated');
    expect(failed.body.payment).toMatchObject({ status: 'failed', reason: 'The receipt is unreadable' });
    const seen = await who.owner.get<PaymentWithInstructions>(url);
    expect(seen.body).toMatchObject({ status: 'failed', reason: 'The receipt is unreadable' });
    expect(seen.body.bookingId).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    expect((await allocationsOf(server, created.booking._id)).map((a) => a.hold_expires_at)).toEqual([created.payment.deadlineAt, created.payment.deadlineAt]);
    expect((await seatView(server, flight._id)).available).toBe(before.available - 2);

    const again = await who.owner.put<Decision>(`/api/payments/token/${keyOf(created.link)}`, { image: await receiptUrl(who.owner) });
    expectAnswer(again, 200, 'Receipt uploaded');
    expect(again.body.payment).toMatchObject({ status: 'pending', reason: null });
    const approved = await who.admin.put<Decision>(url, { status: 'successful' });
    expectAnswer(approved, 200);
    expect(approved.body.payment.status).toBe('successful');
    expect(approved.body.payment.bookingId).toMatchObject({ status: 'confirmed', paymentStatus: 'successful' });
    expect((await allocationsOf(server, created.booking._id)).map((a) => [a.seat_label, a.state, a.hold_expires_at])).toEqual([
      ['E1', 'sold', null],
      ['E2', 'sold', null],
    ]);
    expect((await seatView(server, flight._id)).available).toBe(before.available - 2);
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(created.link)}`, { image: await receiptUrl(who.owner) }), 409);

    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=payment&entityId=${created.payment._id}`);
    expect(audit.body.map((r) => [r.fromStatus, r.toStatus, r.reason]).reverse()).toEqual([
      [null, 'pending', 'bank_transfer'],
      ['pending', 'pending', 'receipt uploaded'],
      ['pending', 'failed', 'The receipt is unreadable'],
      ['failed', 'pending', 'new receipt'],
      ['pending', 'successful', null],
    ]);
    const bookingAudit = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${created.booking._id}`);
    expect(bookingAudit.body.map((r) => [r.fromStatus, r.toStatus, r.reason]).reverse()).toEqual([
      [null, 'pending', 'booked'],
      ['pending', 'confirmed', 'payment confirmed'],
    ]);
    const [adminRow] = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@skyway.test'));
    expect({ id: bookingAudit.body[0]?.actorId }).toEqual(adminRow);
  });

  it('a second admin deciding an already decided payment gets 409 naming the first decision and its author', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 12);
    const approvedFirst = await book(who.owner, flight, ['F1']);
    expectAnswer(await who.admin.put(`/api/payments/${approvedFirst.payment._id}`, { status: 'successful' }), 200);
    for (const body of [{ status: 'successful' }, { status: 'failed', reason: 'No money arrived' }]) {
      expectAnswer(await admin2.put(`/api/payments/${approvedFirst.payment._id}`, body), 409, 'Payment was already marked successful by SkyWay Admin');
    }
    const rejectedFirst = await book(who.owner, flight, ['F2']);
    expectAnswer(await admin2.put(`/api/payments/${rejectedFirst.payment._id}`, { status: 'failed', reason: 'Wrong amount' }), 200);
    expectAnswer(
      await who.admin.put(`/api/payments/${rejectedFirst.payment._id}`, { status: 'successful' }),
      409,
      'Payment was already marked failed by Second Admin',
    );
    const final = await who.owner.get<Payment>(`/api/payments/${rejectedFirst.payment._id}`);
    expect(final.body).toMatchObject({ status: 'failed', reason: 'Wrong amount' });
    expect(final.body.bookingId.status).toBe('pending');
  });

  it('two admins deciding at the same moment: exactly one decision applies, the other is a 409', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 13);
    const created = await book(who.owner, flight, ['A3']);
    const url = `/api/payments/${created.payment._id}`;
    const [a, b] = await Promise.all([who.admin.put(url, { status: 'successful' }), admin2.put(url, { status: 'failed', reason: 'Duplicate' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'successful' : 'failed';
    const loser = a.status === 200 ? b : a;
    expectAnswer(loser, 409, `Payment was already marked ${winner} by ${winner === 'successful' ? 'SkyWay Admin' : 'Second Admin'}`);
    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=payment&entityId=${created.payment._id}`);
    expect(audit.body.filter((r) => r.fromStatus === 'pending')).toHaveLength(1);
  });
});
