import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_RECEIVED, REFUND_IF_RECEIVED } from '../../sync/refund';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { sweep } from '../services/booking/lifecycle';
import { startTestServer, type TestServer } from './harness';
import { actors, activeSeats, book, expectAnswer, flightAt, receiptUrl, roundTripBody, type Actors, type Created } from './booking-fixtures';

const HOUR = 3_600_000;
type AuditRow = { actorId: string | null; actorName: string | null; fromStatus: string | null; toStatus: string; reason: string | null };

describe('cancelling, refunds and online check-in', () => {
  let server: TestServer;
  let who: Actors;
  const BASE = new Date();
  const departure = new Date(Math.floor(BASE.getTime() / 60_000) * 60_000 + 4 * 24 * HOUR);
  let outbound: Flight;
  let inbound: Flight;

  async function paidBooking(flight: Flight, seats: string[]): Promise<Created> {
    const created = await book(who.owner, flight, seats);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 200);
    return created;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(BASE);
    who = await actors(server, 'cancel');
    outbound = await flightAt(server, 'LOS', 'LHR', departure, 400, 387.35);
    inbound = await flightAt(server, 'LHR', 'LOS', new Date(departure.getTime() + 3 * 24 * HOUR), 400, 401.1);
  });
  afterAll(() => server.stop());

  it('a paid booking cancelled by its owner frees the seats and shows the refund due (total minus 10%)', async () => {
    const created = await paidBooking(outbound, ['A1', 'A2']);
    const totalCents = 77_470;
    expect(Math.round(created.booking.totalAmount * 100)).toBe(totalCents);
    const cancelled = await who.owner.put<Booking>(`/api/bookings/${created.booking._id}/cancel`);
    expectAnswer(cancelled, 200);
    const refundCents = totalCents - Math.round(totalCents * 0.1);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'successful', cancelReason: 'cancelled by the traveller' });
    expect(Math.round((cancelled.body.refundDue ?? 0) * 100)).toBe(refundCents);
    expect(await activeSeats(server, outbound._id)).toEqual([]);
    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${created.booking._id}`);
    expect(audit.body[0]).toMatchObject({ fromStatus: 'confirmed', toStatus: 'cancelled', reason: 'cancelled by the traveller', actorId: who.ownerId });
    expect(audit.body[0]?.actorName).toMatch(/^Owner /);
    const mails = await who.admin.get<{ to: string; subject: string; text: string }[]>('/api/mail-outbox');
    const mail = mails.body.find((m) => m.subject === `Booking ${created.booking.bookingId} is cancelled`);
    expect(mail?.to).toBe(who.ownerEmail);
    expect(mail?.text).toContain('Refund due: $697.23');

    expect(cancelled.body.refundPaidAt).toBeNull();
    const sent = { amount: cancelled.body.refundDue, method: 'bank transfer' };
    const refund = await who.admin.put<Booking>(`/api/bookings/${created.booking._id}/refund`, sent);
    expectAnswer(refund, 200);
    expect(Date.parse(refund.body.refundPaidAt ?? '')).toBeGreaterThan(0);
    const own = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === created.booking._id);
    expect(own?.refundPaidAt).toBe(refund.body.refundPaidAt);
    expectAnswer(await who.admin.put(`/api/bookings/${created.booking._id}/refund`, sent), 409, 'This refund is already paid');
  });

  it('the refund follows the penalty setting; an unpaid booking has no refund and its payment fails', async () => {
    const settings = await who.admin.get<Record<string, unknown>>('/api/settings');
    expectAnswer(await who.admin.put('/api/settings', { ...settings.body, mail: { name: 'bookings@skyway.test' }, cancellationPenaltyPercent: 25 }), 200);
    const paid = await paidBooking(outbound, ['B1', 'B2']);
    const cancelled = await who.admin.put<Booking>(`/api/bookings/${paid.booking._id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled by the airline' });
    expect(Math.round((cancelled.body.refundDue ?? 0) * 100)).toBe(77_470 - Math.round(77_470 * 0.25));

    const unpaid = await book(who.owner, outbound, ['B1']);
    const gone = await who.owner.put<Booking>(`/api/bookings/${unpaid.booking._id}/cancel`);
    expect(gone.body).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', refundDue: null });
    expectAnswer(await who.admin.put(`/api/bookings/${unpaid.booking._id}/refund`, { amount: 1, method: 'crypto' }), 409, 'This booking has no refund due');
    expectAnswer(await who.admin.put(`/api/payments/${unpaid.payment._id}`, { status: 'successful' }), 409, 'Payment was already marked failed by the system');
    expect(await activeSeats(server, outbound._id)).toEqual([]);
  });

  it('the cancel mail promises only money received: an amount, a refund if a payment under review arrives, or nothing', async () => {
    // The outbox sends the mail after the cancellation's commit: it may arrive a moment after the answer.
    const mailOf = async (bookingId: string) => {
      for (let tries = 0; ; tries++) {
        const mails = await who.admin.get<{ subject: string; text: string }[]>('/api/mail-outbox');
        const text = mails.body.find((m) => m.subject === `Booking ${bookingId} is cancelled`)?.text;
        if (text !== undefined || tries === 50) return text ?? '';
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const sent = await book(who.owner, outbound, ['E1']);
    const image = await receiptUrl(who.owner);
    expectAnswer(await who.owner.put(`/api/payments/token/${sent.link.split('/').pop() ?? ''}`, { image }), 200);
    const awaiting = await who.owner.put<Booking>(`/api/bookings/${sent.booking._id}/cancel`);
    expect(awaiting.body).toMatchObject({ status: 'cancelled', refundDue: null });
    const awaitingMail = await mailOf(sent.booking.bookingId);
    expect(awaitingMail).toContain(REFUND_IF_RECEIVED);
    expect(awaitingMail).not.toContain('Refund due');

    const unpaid = await book(who.owner, outbound, ['E2']);
    expectAnswer(await who.owner.put(`/api/bookings/${unpaid.booking._id}/cancel`), 200);
    const unpaidMail = await mailOf(unpaid.booking.bookingId);
    expect(unpaidMail).toContain(NOTHING_RECEIVED);
    expect(unpaidMail).not.toContain('Refund due');
  });

  it('check-in opens 48 hours and closes 1 hour before departure, for confirmed bookings only', async () => {
    const early = await paidBooking(outbound, ['C1']);
    const late = await paidBooking(outbound, ['C2']);
    const url = (c: Created) => `/api/bookings/${c.booking._id}/check-in`;
    const at = (msBefore: number) => server.setNow(new Date(departure.getTime() - msBefore));
    at(48 * HOUR + 60_000);
    expectAnswer(await who.owner.put(url(early)), 409, 'Check-in opens 48 hours before departure');
    at(48 * HOUR);
    const opened = await who.owner.put<Booking>(url(early));
    expectAnswer(opened, 200);
    expect(opened.body.checkedInAt).toBe(new Date(departure.getTime() - 48 * HOUR).toISOString());
    at(5 * HOUR);
    const again = await who.owner.put<Booking>(url(early));
    expect(again.body.checkedInAt).toBe(opened.body.checkedInAt);
    at(HOUR - 60_000);
    expectAnswer(await who.owner.put(url(late)), 409, 'Check-in closed 1 hour before departure');
    at(HOUR);
    expectAnswer(await who.owner.put(url(late)), 200);
    server.setNow(BASE);
  });

  it('no cancelling after departure; a completed booking cannot be cancelled either', async () => {
    server.setNow(BASE);
    const res = await who.owner.post<Created>('/api/payments', roundTripBody(outbound, inbound, ['D1'], ['D1']));
    expectAnswer(res, 201);
    expectAnswer(await who.admin.put(`/api/payments/${res.body.payment._id}`, { status: 'successful' }), 200);
    server.setNow(new Date(departure.getTime() - HOUR));
    const pending = await book(who.owner, inbound, ['E4'], { paymentMethod: 'cashApp' });
    expectAnswer(await who.owner.post(`/api/payments/${pending.payment._id}/paid`), 200);
    server.setNow(new Date(departure.getTime() + 60_000));
    await sweep(server.ctx);
    const url = `/api/bookings/${res.body.booking._id}/cancel`;
    expectAnswer(await who.owner.put(url), 409, 'A booking cannot be cancelled after departure');
    expectAnswer(await who.admin.put(url), 409, 'A booking cannot be cancelled after departure');
    expect(await activeSeats(server, inbound._id)).toEqual(['D1', 'E4']);
    server.setNow(new Date(Date.parse(inbound.departureTime) + 60_000));
    await sweep(server.ctx);
    expectAnswer(await who.owner.put(url), 409, 'A completed booking cannot be cancelled');
  });
});
