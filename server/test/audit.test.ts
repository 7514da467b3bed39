import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immediate } from '../db/client';
import { auditLog } from '../db/schema';
import { AUDIT_EXPORT_MAX, type AuditRow } from '../../sync/schemas/audit';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { sweep } from '../services/booking/lifecycle';
import { actors, book, expectAnswer, flightAt, receiptUrl, traveller, type Actors } from './booking-fixtures';
import { expectCode } from './fixtures';
import { ADMIN, login, startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;
const keyOf = (link: string) => link.split('/').pop() ?? '';

describe('the audit a reviewer reads: every money, flight, airport, settings and account change, readable, filtered and exported', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  const audit = async (query: string) => {
    const res = await who.admin.get<AuditRow[]>(`/api/audit?${query}`);
    expectAnswer(res, 200);
    return { rows: res.body, total: Number(res.headers.get('x-total-count')) };
  };
  const rowsOf = async (entityId: string) => (await audit(`entityId=${entityId}&limit=200`)).rows.reverse();
  const summary = (rows: AuditRow[]) => rows.map((r) => [r.action, r.label, r.actorName, r.reason]);

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(NOW);
    who = await actors(server, 'audit');
    flight = await flightAt(server, 'LOS', 'LHR', new Date(NOW.getTime() + 6 * 24 * HOUR), 400, 250);
  });
  afterAll(() => server.stop());

  it('payments and refunds: opened, method changed, claimed, rejected, claimed again, approved, cancelled and refund paid, each with the reference, transaction id and names', async () => {
    const created = await book(who.owner, flight, ['A1']);
    const { payment, booking } = created;
    expectAnswer(await who.owner.put(`/api/payments/${payment._id}/method`, { paymentMethod: 'cashApp' }), 200);
    expectAnswer(await who.owner.put(`/api/payments/${payment._id}/method`, { paymentMethod: 'bank_transfer' }), 200);
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(created.link)}`, { image: await receiptUrl(who.owner) }), 200);
    expectAnswer(await who.admin.put(`/api/payments/${payment._id}`, { status: 'failed', reason: 'Unreadable receipt' }), 200);
    expectAnswer(await who.owner.put(`/api/payments/token/${keyOf(created.link)}`, { image: await receiptUrl(who.owner) }), 200);
    expectAnswer(await who.admin.put(`/api/payments/${payment._id}`, { status: 'successful' }), 200);
    const cancelled = await who.owner.put<Booking>(`/api/bookings/${booking._id}/cancel`);
    expectAnswer(cancelled, 200);
    const due = cancelled.body.refundDue ?? 0;
    expectAnswer(await who.admin.put(`/api/bookings/${booking._id}/refund`, { amount: due, method: 'bank transfer', note: 'wire 42' }), 200);

    const owner = 'Owner audit';
    const paymentLabel = `${booking.bookingId} · ${payment.transactionId} · ${owner}`;
    expect(summary(await rowsOf(payment._id))).toEqual([
      ['payment.created', paymentLabel, owner, 'bank_transfer'],
      ['payment.method', paymentLabel, owner, 'method bank_transfer -> cashApp'],
      ['payment.method', paymentLabel, owner, 'method cashApp -> bank_transfer'],
      ['payment.claimed', paymentLabel, owner, 'receipt uploaded'],
      ['payment.rejected', paymentLabel, 'SkyWay Admin', 'Unreadable receipt'],
      ['payment.claimed', paymentLabel, owner, 'new receipt'],
      ['payment.approved', paymentLabel, 'SkyWay Admin', null],
    ]);
    const bookingLabel = `${booking.bookingId} · ${owner}`;
    expect(summary(await rowsOf(booking._id))).toEqual([
      ['booking.created', bookingLabel, owner, 'booked'],
      ['booking.confirmed', bookingLabel, 'SkyWay Admin', 'payment confirmed'],
      ['booking.cancelled', bookingLabel, owner, 'cancelled by the traveller'],
      ['refund.paid', bookingLabel, 'SkyWay Admin', `$${due.toFixed(2)} by bank transfer: wire 42`],
    ]);
  });

  it("'I have made payment' (a manual payment's claim) is recorded too", async () => {
    const created = await book(who.other, flight, ['A2'], { paymentMethod: 'cashApp' });
    expectAnswer(await who.other.post(`/api/payments/${created.payment._id}/paid`), 200);
    expect(summary(await rowsOf(created.payment._id)).map(([action, , , reason]) => [action, reason])).toEqual([
      ['payment.created', 'cashApp'],
      ['payment.claimed', 'I have made payment'],
    ]);
  });

  it("an admin's booking for a customer names the admin as who, and the customer in the booking and payment", async () => {
    const made = await who.admin.post<Booking>('/api/bookings', {
      userId: who.otherId,
      flightId: flight._id,
      seatId: ['A3'],
      classType: 'Economy',
      currency: 'USD',
      travellers: [traveller(1)],
    });
    expectAnswer(made, 201);
    const booking = made.body;
    const [payment] = (await audit(`action=payment.created&entity=payment&search=${booking.bookingId}`)).rows;
    expect(summary(await rowsOf(booking._id))).toEqual([['booking.created', `${booking.bookingId} · Other audit`, 'SkyWay Admin', 'booked']]);
    expect(payment && [payment.label.startsWith(`${booking.bookingId} · TX`), payment.label.endsWith(' · Other audit'), payment.actorName]).toEqual([
      true,
      true,
      'SkyWay Admin',
    ]);
  });

  it('flights: created, updated, status changed and deleted, named by number, route and date even once deleted', async () => {
    // Noon UTC: the label's date is Lagos's local date, the same as UTC's at that hour.
    const departure = new Date(Math.floor(NOW.getTime() / (24 * HOUR)) * 24 * HOUR + 40 * 24 * HOUR + 12 * HOUR);
    const body = {
      origin: 'LOS',
      destination: 'ACC',
      departureTime: departure.toISOString(),
      arrivalTime: new Date(departure.getTime() + 2 * HOUR).toISOString(),
      price: 180,
    };
    const created = await who.admin.post<{ flight: Flight }>('/api/flights', body);
    expectAnswer(created, 201);
    const made = created.body.flight;
    expectAnswer(await who.admin.put(`/api/flights/${made._id}`, { price: 199.5, status: 'delayed' }), 200);
    expectAnswer(await who.admin.delete(`/api/flights/${made._id}`), 200);
    expectCode(await who.admin.get(`/api/flights/${made._id}`), 404, 'not_found');

    const label = `${made.flightNumber} LOS-ACC ${departure.toISOString().slice(0, 10)}`;
    const stamp = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
    const times = `departure ${stamp(made.departureTime)}; arrival ${stamp(made.arrivalTime)}`;
    expect((await rowsOf(made._id)).map((r) => [r.action, r.label, r.fromStatus, r.toStatus, r.reason])).toEqual([
      ['flight.created', label, null, 'scheduled', `$180.00; ${times}`],
      ['flight.status', label, 'scheduled', 'delayed', null],
      ['flight.updated', label, null, 'delayed', 'price $180.00 -> $199.50'],
      ['flight.deleted', label, 'delayed', 'deleted', `$199.50; ${times}`],
    ]);
  });

  it('airports and the settings: created, updated and deleted with their codes and names; settings name what changed, never a secret', async () => {
    const created = await who.admin.post<{ airport: { _id: string } }>('/api/airports', {
      name: 'Audit Field',
      code: 'QAU',
      city: 'Auditville',
      country: 'Nowhere',
      timeZone: 'UTC',
    });
    expectAnswer(created, 201);
    const id = created.body.airport._id;
    expectAnswer(await who.admin.put('/api/airports', { id, city: 'Reviewtown' }), 200);
    expectAnswer(await who.admin.delete('/api/airports', { id }), 200);
    expect((await rowsOf(id)).map((r) => [r.action, r.label, r.reason])).toEqual([
      ['airport.created', 'QAU · Audit Field, Auditville', 'Nowhere; time zone UTC'],
      ['airport.updated', 'QAU · Audit Field, Reviewtown', 'city Auditville -> Reviewtown'],
      ['airport.deleted', 'QAU · Audit Field, Reviewtown', null],
    ]);

    const current = (await who.admin.get<Record<string, unknown>>('/api/settings')).body;
    const settings = { ...current, whatsApp: 'https://wa.me/15550009999', mail: { name: 'ops@skyway.test', password: 'Very-secret-mail-pass' } };
    for (const key of ['smtp', 'reviewDeadlineHours', 'maxUnpaidBookings', 'maxUnpaidSeats']) Reflect.deleteProperty(settings, key);
    expectAnswer(await who.admin.put('/api/settings', settings), 200);
    const [row] = (await audit('action=settings.updated')).rows;
    expect(row).toMatchObject({ action: 'settings.updated', label: 'Settings', actorName: 'SkyWay Admin' });
    expect(row?.reason?.split(', ')).toEqual(expect.arrayContaining(['mail', 'whatsApp']));
    expect(JSON.stringify(await audit('action=settings.updated'))).not.toContain('Very-secret-mail-pass');
  });

  it('filters by actor (the system too), action, object, label and date range, pages with the total, and refuses a bad filter', async () => {
    const tomorrow = new Date(NOW.getTime() + 24 * HOUR);
    server.setNow(tomorrow);
    try {
      const created = await book(who.other, flight, ['B1']);
      expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'failed', reason: 'Tomorrow' }), 200);

      const byOther = await audit(`actor=${who.otherId}&limit=200`);
      expect(byOther.rows.length).toBe(byOther.total);
      expect(new Set(byOther.rows.map((r) => r.actorId))).toEqual(new Set([who.otherId]));
      const rejected = await audit('action=payment.rejected');
      expect(rejected.rows.every((r) => r.action === 'payment.rejected')).toBe(true);
      expect(rejected.rows.map((r) => r.reason)).toEqual(['Tomorrow', 'Unreadable receipt']);

      const day = tomorrow.toISOString().slice(0, 10);
      const from = `${day}T00:00:00.000Z`;
      const to = new Date(Date.parse(from) + 24 * HOUR).toISOString();
      const onTheDay = await audit(`from=${from}&to=${to}&limit=200`);
      expect(onTheDay.rows.map((r) => r.action).sort()).toEqual(['booking.created', 'payment.created', 'payment.rejected']);
      const before = await audit(`to=${encodeURIComponent(from.replace('Z', '+00:00'))}&action=payment.rejected`);
      expect(before.rows.map((r) => r.reason)).toEqual(['Unreadable receipt']);

      const byLabel = await audit(`search=${created.booking.bookingId.toLowerCase()}`);
      expect(byLabel.rows.map((r) => r.entityId).sort()).toEqual([created.booking._id, created.payment._id, created.payment._id].sort());
      const page2 = await audit(`search=${created.booking.bookingId}&limit=2&page=2`);
      expect(page2.total).toBe(3);
      expect(page2.rows).toHaveLength(1);

      // The sweeper is the system: its cancellations are its own rows.
      server.setNow(new Date(tomorrow.getTime() + 3 * 24 * HOUR));
      await sweep(server.ctx);
      const bySystem = await audit(`actor=system&entityId=${created.booking._id}`);
      expect(bySystem.rows.map((r) => [r.action, r.actorId, r.actorName])).toEqual([['booking.cancelled', null, null]]);
    } finally {
      server.setNow(NOW);
    }

    expectCode(await who.admin.get('/api/audit?action=payment.stolen'), 400, 'invalid_input');
    expectCode(await who.admin.get(`/api/audit?from=${NOW.toISOString()}&to=${new Date(NOW.getTime() - HOUR).toISOString()}`), 400, 'invalid_input');
    expectCode(await who.admin.get('/api/audit?from=yesterday'), 400, 'invalid_input');
    expectCode(await who.owner.get('/api/audit'), 403, 'forbidden');
    expectCode(await who.owner.get('/api/audit/export'), 403, 'forbidden');
  });

  it('exports the filtered set as CSV, newest first, at most AUDIT_EXPORT_MAX rows, and limits exports per admin', async () => {
    const small = await fetch(`${server.url}/api/audit/export?action=payment.rejected`, {
      headers: { authorization: `Bearer ${await login(server.url, ADMIN.email, ADMIN.password)}` },
    });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(small.headers.get('content-disposition')).toMatch(/^attachment; filename="skyway-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await small.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Action,Object,Which,From,To,Details,Who,Actor id,Object id');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 2)[0])).toEqual(['Payment rejected', 'Payment rejected']);
    expect(lines[2]).toContain(',Unreadable receipt,SkyWay Admin,');

    const actor = 'bulk-actor';
    const bulk = Array.from({ length: AUDIT_EXPORT_MAX + 10 }, (_, i) => ({
      actorId: actor,
      actorName: 'Bulk',
      action: 'settings.updated' as const,
      entity: 'settings' as const,
      entityId: 'settings',
      label: 'Settings',
      toStatus: 'updated',
      createdAt: new Date(NOW.getTime() - (AUDIT_EXPORT_MAX + 10 - i) * 1000).toISOString(),
    }));
    for (let start = 0; start < bulk.length; start += 500) await immediate(server.ctx.db, (tx) => tx.insert(auditLog).values(bulk.slice(start, start + 500)));
    const big = await fetch(`${server.url}/api/audit/export?actor=${actor}`, {
      headers: { authorization: `Bearer ${await login(server.url, ADMIN.email, ADMIN.password)}` },
    });
    expect(big.headers.get('x-total-count')).toBe(String(AUDIT_EXPORT_MAX + 10));
    expect(big.headers.get('x-row-count')).toBe(String(AUDIT_EXPORT_MAX));
    const rows = (await big.text()).trimEnd().split('\r\n');
    expect(rows).toHaveLength(AUDIT_EXPORT_MAX + 1);
    // The newest first; the oldest ten are left out.
    expect(rows[1]?.startsWith(new Date(NOW.getTime() - 1000).toISOString())).toBe(true);
    expect(rows.at(-1)?.startsWith(new Date(NOW.getTime() - AUDIT_EXPORT_MAX * 1000).toISOString())).toBe(true);

    setRateLimits(server.ctx, { auditExport: 0 });
    try {
      expectCode(await who.admin.get('/api/audit/export'), 429, 'rate_limited');
    } finally {
      setRateLimits(server.ctx, { auditExport: DEFAULT_RATE_LIMITS.auditExport.limit });
    }
  });
});
