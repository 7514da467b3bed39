import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { startTestServer, type TestServer } from './harness';
import { actors, allocationsOf, book, expectAnswer, upcomingFlight, type Actors, type Created } from './booking-fixtures';
import { countRows, readDb } from './fixtures';

type AuditRow = { actorId: string | null; fromStatus: string | null; toStatus: string; reason: string | null };

const HOUR = 3_600_000;
/** Mails stored (no SMTP URL here) or still to send. */
const mailCount = (server: TestServer) =>
  readDb(
    server,
    (db) =>
      (db.prepare(`select (select count(*) from mail_outbox) + (select count(*) from events where effect like '%"mail"%') as n`).get() as { n: number }).n,
  );

describe('PUT /api/payments/:id/method: another method for the same booking', () => {
  let server: TestServer;
  let who: Actors;
  const NOW = new Date();

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'method');
  });
  afterAll(() => server.stop());

  const change = (api: Actors['owner'], created: Created, body: Record<string, unknown>) =>
    api.put<Created>(`/api/payments/${created.payment._id}/method`, body);

  it('switches the pending payment: same booking and amount, the new method deadline, an audit row, no mail', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const created = await book(who.owner, flight, ['C1', 'C2']);
    const counts = { bookings: await countRows(server, 'bookings'), payments: await countRows(server, 'payments'), mails: mailCount(server) };
    expect(counts.mails).toBeGreaterThan(0);
    server.setNow(new Date(NOW.getTime() + 60_000));
    const flightVersion = () => readDb(server, (db) => (db.prepare('select version from flights where id = ?').get(flight._id) as { version: number }).version);
    const stamped = flightVersion();

    const crypto = await change(who.owner, created, { paymentMethod: 'crypto' });
    expectAnswer(crypto, 200);
    // The hold now lapses sooner: the flight is stamped, so a search's stamp, which names that moment, is read again.
    expect(flightVersion()).toBeGreaterThan(stamped);
    expect(crypto.body.booking._id).toBe(created.booking._id);
    expect(crypto.body.payment).toMatchObject({ _id: created.payment._id, paymentMethod: 'crypto', status: 'pending', amount: flight.price * 2 });
    expect(crypto.body.instructions).toMatchObject({ kind: 'crypto', link: created.link });
    const cryptoDeadline = new Date(NOW.getTime() + 60_000 + 956_000).toISOString();
    expect(crypto.body.payment.deadlineAt).toBe(cryptoDeadline);
    expect((await allocationsOf(server, created.booking._id)).map((a) => [a.state, a.hold_expires_at])).toEqual(Array(2).fill(['held', cryptoDeadline]));

    // Back to a bank transfer: its 24 hours count from when the booking was made, so switching never stretches a hold.
    server.setNow(new Date(NOW.getTime() + 120_000));
    const bank = await change(who.owner, created, { paymentMethod: 'bank_transfer' });
    expectAnswer(bank, 200);
    expect(bank.body.payment.deadlineAt).toBe(created.payment.deadlineAt);
    expect(bank.body.instructions).toMatchObject({ kind: 'bank_transfer', link: created.link });
    expect((await allocationsOf(server, created.booking._id)).map((a) => a.hold_expires_at)).toEqual(Array(2).fill(created.payment.deadlineAt));

    expect({ bookings: await countRows(server, 'bookings'), payments: await countRows(server, 'payments'), mails: mailCount(server) }).toEqual(counts);
    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=payment&entityId=${created.payment._id}`);
    expect(audit.body.map((a) => a.reason)).toEqual(expect.arrayContaining(['method bank_transfer -> crypto', 'method crypto -> bank_transfer']));
    expect(audit.body.find((a) => a.reason === 'method bank_transfer -> crypto')).toMatchObject({
      actorId: who.ownerId,
      fromStatus: 'pending',
      toStatus: 'pending',
    });
    expect(bank.body.booking.status).toBe('pending');
    server.setNow(NOW);
  });

  it('the owner only: another traveller and an admin hear 404, anonymous 401; bad bodies 400', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'ACC', 9);
    const created = await book(who.owner, flight, ['D1']);
    expectAnswer(await change(who.other, created, { paymentMethod: 'cashApp' }), 404, 'Payment not found');
    expectAnswer(await change(who.admin, created, { paymentMethod: 'cashApp' }), 404, 'Payment not found');
    expectAnswer(await change(who.anon, created, { paymentMethod: 'cashApp' }), 401);
    expectAnswer(await change(who.owner, created, { paymentMethod: 'cheque' }), 400);
    expectAnswer(await who.owner.put('/api/payments/no-such-payment/method', { paymentMethod: 'cashApp' }), 404);
    const cashApp = await change(who.owner, created, { paymentMethod: 'cashApp' });
    expectAnswer(cashApp, 200);
    expect(cashApp.body.instructions).toMatchObject({ kind: 'cashApp' });
  });

  it('only while pending, unclaimed and before the deadline; never once decided', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    const claimed = await book(who.owner, flight, ['E1'], { paymentMethod: 'crypto' });
    expectAnswer(await who.owner.post(`/api/payments/${claimed.payment._id}/paid`), 200);
    const awaiting = await change(who.owner, claimed, { paymentMethod: 'bank_transfer' });
    expectAnswer(awaiting, 409);
    expect(awaiting.body).toMatchObject({ code: 'payment_awaiting_review' });

    expectAnswer(await who.admin.put(`/api/payments/${claimed.payment._id}`, { status: 'successful' }), 200);
    const decided = await change(who.owner, claimed, { paymentMethod: 'bank_transfer' });
    expectAnswer(decided, 409);
    expect(decided.body).toMatchObject({ code: 'payment_already_decided' });

    const cancelled = await book(who.owner, flight, ['E2']);
    expectAnswer(await who.owner.put(`/api/bookings/${cancelled.booking._id}/cancel`), 200);
    expect((await change(who.owner, cancelled, { paymentMethod: 'crypto' })).body).toMatchObject({ code: 'payment_already_decided' });

    const late = await book(who.owner, flight, ['E3'], { paymentMethod: 'cashApp' });
    server.setNow(new Date(NOW.getTime() + HOUR));
    const expired = await change(who.owner, late, { paymentMethod: 'bank_transfer' });
    expectAnswer(expired, 409);
    expect(expired.body).toMatchObject({ code: 'payment_deadline_passed' });
    server.setNow(NOW);
  });

  it('switching is limited per account, refused before anything changes', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 11);
    const fresh = (await actors(server, 'method-limit')).owner;
    const created = await book(fresh, flight, ['F1']);
    setRateLimits(server.ctx, { paymentMethod: 2 });
    try {
      expectAnswer(await change(fresh, created, { paymentMethod: 'crypto' }), 200);
      expectAnswer(await change(fresh, created, { paymentMethod: 'cashApp' }), 200);
      const refused = await change(fresh, created, { paymentMethod: 'bank_transfer' });
      expectAnswer(refused, 429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', message: DEFAULT_RATE_LIMITS.paymentMethod.message });
      const payments = (await fresh.get<{ _id: string; paymentMethod: string }[]>('/api/payments/user')).body;
      expect(payments.find((p) => p._id === created.payment._id)?.paymentMethod).toBe('cashApp');
    } finally {
      setRateLimits(server.ctx, { paymentMethod: DEFAULT_RATE_LIMITS.paymentMethod.limit });
    }
  });
});
