import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { actors, book, expectAnswer, flightAt, type Actors, type Api } from './booking-fixtures';
import { expectCode, expectInvalid } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';

const HOUR = 3_600_000;
type AuditRow = { actorId: string | null; fromStatus: string | null; toStatus: string; reason: string | null };
type Mail = { to: string; subject: string; text: string };
type Day = { date: string; revenue: number; refunds: number };
type Overview = { today: Day; days: Day[] };

describe('PUT /api/bookings/:id/refund (the refund workflow)', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  const NOW = new Date();

  /** A booking of `api` paid, then cancelled by its owner: its refund is due. */
  async function refundDue(api: Api, seat: string): Promise<Booking> {
    const created = await book(api, flight, [seat]);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 200);
    const cancelled = await api.put<Booking>(`/api/bookings/${created.booking._id}/cancel`);
    expectAnswer(cancelled, 200);
    return cancelled.body;
  }
  const mails = async () => (await who.admin.get<Mail[]>('/api/mail-outbox')).body;
  const overview = async () => (await who.admin.get<Overview>('/api/admin/overview')).body;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'refund');
    flight = await flightAt(server, 'LOS', 'LHR', new Date(Math.floor(NOW.getTime() / 60_000) * 60_000 + 5 * 24 * HOUR), 400, 200);
  });
  afterAll(() => server.stop());

  it('records the amount, method and note in the audit, mails the traveller, and cannot be marked twice', async () => {
    const booking = await refundDue(who.owner, 'A1');
    const due = booking.refundDue ?? 0;
    const body = { amount: due, method: 'Cash App', note: 'ref CA-778' };
    const paid = await who.admin.put<Booking>(`/api/bookings/${booking._id}/refund`, body);
    expectAnswer(paid, 200);
    expect(Date.parse(paid.body.refundPaidAt ?? '')).toBeGreaterThan(0);

    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${booking._id}`);
    expect(audit.body[0]).toMatchObject({ fromStatus: 'refund_due', toStatus: 'refund_paid', reason: `$${due.toFixed(2)} by Cash App: ref CA-778` });
    const mail = (await mails()).find((m) => m.subject === `Refund sent for booking ${booking.bookingId}`);
    expect(mail?.to).toBe(who.ownerEmail);
    expect(mail?.text).toContain(`refund of $${due.toFixed(2)}`);
    expect(mail?.text).toContain('by Cash App');
    expect(mail?.text).not.toContain('CA-778');

    expectCode(await who.admin.put(`/api/bookings/${booking._id}/refund`, body), 409, 'refund_already_paid');
    const again = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${booking._id}`);
    expect(again.body.filter((row) => row.toStatus === 'refund_paid')).toHaveLength(1);
  });

  it('takes only the whole refund due, a known method and a short note', async () => {
    const booking = await refundDue(who.owner, 'A2');
    const due = booking.refundDue ?? 0;
    const invalid = expectInvalid(
      await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: due - 1, method: 'crypto' }),
      `The refund due is $${due.toFixed(2)}`,
    );
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.errors?.[0]?.path).toBe('amount');
    expectInvalid(await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: due + 1, method: 'crypto' }), `The refund due is $${due.toFixed(2)}`);
    expectInvalid(
      await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: due, method: 'carrier pigeon' }),
      'Method must be bank transfer, crypto, Cash App or other',
    );
    expectInvalid(await who.admin.put(`/api/bookings/${booking._id}/refund`, { method: 'other' }), 'Amount is required');
    expectInvalid(
      await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: due, method: 'other', note: 'x'.repeat(201) }),
      'Note must be at most 200 characters',
    );
    const unchanged = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === booking._id);
    expect(unchanged?.refundPaidAt).toBeNull();
  });

  it('is for admins only: neither the owner nor another traveller nor a visitor may mark it', async () => {
    const booking = await refundDue(who.owner, 'A3');
    const body = { amount: booking.refundDue, method: 'bank transfer' };
    expectCode(await who.owner.put(`/api/bookings/${booking._id}/refund`, body), 403, 'forbidden');
    expectCode(await who.other.put(`/api/bookings/${booking._id}/refund`, body), 403, 'forbidden');
    expectCode(await who.anon.put(`/api/bookings/${booking._id}/refund`, body), 401, 'unauthorized');
    const unchanged = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === booking._id);
    expect(unchanged?.refundPaidAt).toBeNull();
  });

  it('mails nobody when the account never confirmed its e-mail', async () => {
    const fresh = await makeAccount(server, { email: 'unconfirmed-refund@example.com', fullName: 'Unconfirmed Refund', confirmed: false });
    const booking = await refundDue(client(server.url, fresh.token), 'B1');
    expectAnswer(await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: booking.refundDue, method: 'other' }), 200);
    expect((await mails()).some((m) => m.subject === `Refund sent for booking ${booking.bookingId}`)).toBe(false);
  });

  it('takes refunded money out of revenue and shows it as refunds on the day it was paid back', async () => {
    const before = await overview();
    const booking = await refundDue(who.owner, 'C1');
    const due = booking.refundDue ?? 0;
    const paidIn = await overview();
    expect(paidIn.today.revenue).toBeCloseTo(before.today.revenue + booking.totalAmount, 2);
    expect(paidIn.today.refunds).toBeCloseTo(before.today.refunds, 2);

    expectAnswer(await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: due, method: 'bank transfer' }), 200);
    const after = await overview();
    expect(after.today.revenue).toBeCloseTo(paidIn.today.revenue - due, 2);
    expect(after.today.refunds).toBeCloseTo(paidIn.today.refunds + due, 2);
    expect(after.days.at(-1)).toMatchObject({ revenue: after.today.revenue, refunds: after.today.refunds });
  });
});
