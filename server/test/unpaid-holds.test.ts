import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import type { Payment } from '../../sync/schemas/payment';
import type { AdminSettings } from '../../sync/schemas/settings';
import { DEFAULT_RATE_LIMITS, rateLimiters, setRateLimits, type LimitName } from '../middleware/rate-limits';
import { sweep } from '../services/booking/lifecycle';
import {
  actors,
  book,
  confirmEmailOf,
  expectAnswer,
  flightAt,
  paymentBody,
  seatView,
  upcomingFlight,
  type Actors,
  type Api,
  type Created,
} from './booking-fixtures';
import { expectError, expectInvalid } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';
import { routeHandlers } from './route-list';

const HOUR = 3_600_000;
const CAP_ADVICE = 'Please pay for or cancel a pending booking before booking again.';
type Mail = { to: string; subject: string; text: string };
type AuditRow = { actorId: string | null; fromStatus: string | null; toStatus: string; reason: string | null };

describe('seats cannot be locked without paying', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  const BASE = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  /** Saves the admin's settings with `patch` through PUT /api/settings, as the settings page does. */
  async function saveSettings(patch: Record<string, unknown>) {
    const saved = (await who.admin.get<AdminSettings>('/api/settings')).body;
    return who.admin.put<{ settings: AdminSettings }>('/api/settings', { ...saved, smtp: undefined, mail: { name: saved.mail.name }, ...patch });
  }

  async function newTraveller(tag: string): Promise<Api> {
    const account = await makeAccount(server, { email: `${tag}-${randomUUID().slice(0, 6)}@example.com`, fullName: 'Test User', confirmed: false });
    await confirmEmailOf(server, account.id);
    return client(server.url, account.token);
  }

  const seats = (row: string, count: number) => Array.from({ length: count }, (_, i) => `${row}${i + 1}`);
  const cashApp = (api: Api, seatList: string[]) => api.post<Created>('/api/payments', paymentBody(flight, seatList, { paymentMethod: 'cashApp' }));

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', bookingRules: 'production' });
    server.setNow(BASE);
    who = await actors(server, 'holds');
    flight = await flightAt(server, 'LOS', 'LHR', new Date(BASE.getTime() + 10 * 24 * HOUR));
  });
  afterAll(() => server.stop());

  it('the attack of the issue fails: a third Cash App booking of 5 seats is refused, the flight keeps 14 seats', async () => {
    const attacker = await newTraveller('lock');
    const held: Created[] = [];
    for (const row of ['A', 'B']) {
      const res = await cashApp(attacker, seats(row, 4).concat(row === 'A' ? ['F1'] : ['F2']));
      expectAnswer(res, 201);
      held.push(res.body);
    }
    expectError(
      await cashApp(attacker, seats('C', 4).concat(['F3'])),
      409,
      `One account may hold at most 10 unpaid seats at once; you hold 10 and this booking needs 5. ${CAP_ADVICE}`,
    );
    expectError(
      await cashApp(attacker, ['D1']),
      409,
      `One account may hold at most 10 unpaid seats at once; you hold 10 and this booking needs 1. ${CAP_ADVICE}`,
    );
    for (const created of held) expectAnswer(await attacker.post(`/api/payments/${created.payment._id}/paid`), 200);
    expect((await seatView(server, flight._id)).available).toBe(14);
    // Cancelling frees the room to book again.
    expectAnswer(await attacker.put(`/api/bookings/${held[0]?.booking._id}/cancel`), 200);
    expectAnswer(await cashApp(attacker, seats('C', 3)), 201);
  });

  it('at most 3 unpaid bookings per account by default; paid bookings and other accounts do not count', async () => {
    const buyer = await newTraveller('count');
    const first = await book(buyer, flight, ['E1']);
    await book(buyer, flight, ['E2']);
    await book(buyer, flight, ['E3']);
    expectError(
      await buyer.post('/api/payments', paymentBody(flight, ['E4'])),
      409,
      `You already have 3 unpaid bookings, the most one account may hold at once. ${CAP_ADVICE}`,
    );
    expectAnswer(await (await newTraveller('neighbour')).post('/api/payments', paymentBody(flight, ['E4'])), 201);
    expectAnswer(await who.admin.put(`/api/payments/${first.payment._id}`, { status: 'successful' }), 200);
    expectAnswer(await buyer.post('/api/payments', paymentBody(flight, ['D2'])), 201);
  });

  it('an admin booking by hand for a customer is not capped', async () => {
    const customer = await makeAccount(server, { email: `hand-${randomUUID().slice(0, 6)}@example.com`, fullName: 'Test User', confirmed: false });
    const api = client(server.url, customer.token);
    for (const seat of ['D3', 'D4', 'C4']) await book(api, flight, [seat]);
    const manual = await who.admin.post<Booking>('/api/bookings', {
      userId: customer.id,
      flightId: flight._id,
      seatId: ['F4'],
      classType: 'Economy',
      travellers: paymentBody(flight, ['F4']).travellers,
      currency: 'USD',
      paymentMethod: 'bank_transfer',
    });
    expectAnswer(manual, 201);
  });

  it('a claimed payment holds the seats until the review deadline, then the booking is cancelled and both sides are told', async () => {
    const payer = await newTraveller('late');
    const later = await flightAt(server, 'LOS', 'ACC', new Date(BASE.getTime() + 12 * 24 * HOUR));
    const created = (await payer.post<Created>('/api/payments', paymentBody(later, ['A1', 'A2'], { paymentMethod: 'cashApp' }))).body;
    expectAnswer(await payer.post(`/api/payments/${created.payment._id}/paid`), 200);

    server.setNow(new Date(BASE.getTime() + 48 * HOUR - 60_000));
    await sweep(server.ctx);
    expect((await seatView(server, later._id)).taken).toEqual(['A1', 'A2']);
    server.setNow(new Date(BASE.getTime() + 48 * HOUR));
    expect((await seatView(server, later._id)).available).toBe(24);
    await sweep(server.ctx);

    const reason = 'payment not reviewed in time';
    const booking = (await payer.get<Booking[]>('/api/bookings/user')).body[0];
    expect(booking).toMatchObject({ status: 'cancelled', cancelReason: reason, paymentStatus: 'failed' });
    const payments = await who.admin.get<Payment[]>(`/api/payments?search=${created.booking.bookingId}`);
    expect(payments.body[0]).toMatchObject({ status: 'failed', reason });
    const audit = await who.admin.get<AuditRow[]>(`/api/audit?entity=booking&entityId=${created.booking._id}`);
    expect(audit.body[0]).toMatchObject({ actorId: null, fromStatus: 'pending', toStatus: 'cancelled', reason });
    const mails = (await who.admin.get<Mail[]>('/api/mail-outbox?limit=200')).body;
    const operator = mails.find((m) => m.subject === `Review deadline passed: booking ${created.booking.bookingId}`);
    expect(operator?.to).toBe('bookings@skyway.test');
    expect(operator?.text).toContain('was not reviewed within 48 hours. The booking is cancelled and its seats are released.');
    const traveller = mails.find((m) => m.subject === `Booking ${created.booking.bookingId} is cancelled`);
    expect(traveller?.text).toContain('we could not confirm the payment for booking');
    expect(traveller?.text).toContain('we will refund it in full');
    expectError(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 409, 'Payment was already marked failed by the system');
    server.setNow(BASE);
  });

  it('the review deadline is a setting, and a hold never outlasts the departure', async () => {
    expectAnswer(await saveSettings({ reviewDeadlineHours: 2 }), 200);
    const payer = await newTraveller('short');
    const soon = await flightAt(server, 'LOS', 'ABV', new Date(BASE.getTime() + HOUR));
    const near = (await payer.post<Created>('/api/payments', paymentBody(soon, ['B1'], { paymentMethod: 'crypto' }))).body;
    const far = (await payer.post<Created>('/api/payments', paymentBody(flight, ['C1'], { paymentMethod: 'cashApp' }))).body;
    for (const created of [near, far]) expectAnswer(await payer.post(`/api/payments/${created.payment._id}/paid`), 200);
    const statuses = async () =>
      Object.fromEntries((await payer.get<Booking[]>('/api/bookings/user')).body.map((b) => [b.bookingId, b.cancelReason ?? b.status]));
    const late = 'payment not reviewed in time';
    server.setNow(new Date(BASE.getTime() + HOUR));
    await sweep(server.ctx);
    expect(await statuses()).toEqual({ [near.booking.bookingId]: late, [far.booking.bookingId]: 'pending' });
    server.setNow(new Date(BASE.getTime() + 2 * HOUR));
    await sweep(server.ctx);
    expect(await statuses()).toEqual({ [near.booking.bookingId]: late, [far.booking.bookingId]: late });
    server.setNow(BASE);
    expectAnswer(await saveSettings({ reviewDeadlineHours: 48 }), 200);
  });

  it('admins edit the hold rules; they are validated and stay out of the public settings', async () => {
    const saved = await saveSettings({ reviewDeadlineHours: 72, maxUnpaidBookings: 1, maxUnpaidSeats: 2 });
    expectAnswer(saved, 200);
    expect(saved.body.settings).toMatchObject({ reviewDeadlineHours: 72, maxUnpaidBookings: 1, maxUnpaidSeats: 2 });
    const buyer = await newTraveller('strict');
    expectError(
      await buyer.post('/api/payments', paymentBody(flight, ['D1', 'D2', 'D4'])),
      409,
      `One account may hold at most 2 unpaid seats at once; you hold 0 and this booking needs 3. ${CAP_ADVICE}`,
    );
    await book(buyer, flight, ['D1']);
    expectError(
      await buyer.post('/api/payments', paymentBody(flight, ['D2'])),
      409,
      `You already have an unpaid booking, the most one account may hold at once. ${CAP_ADVICE}`,
    );
    for (const [patch, text] of [
      [{ reviewDeadlineHours: 0 }, 'Review deadline must be 1 to 168 hours'],
      [{ reviewDeadlineHours: 1.5 }, 'Review deadline must be 1 to 168 hours'],
      [{ maxUnpaidBookings: 101 }, 'Unpaid bookings must be 1 to 100'],
      [{ maxUnpaidSeats: 0 }, 'Unpaid seats must be 1 to 240'],
      [{ maxUnpaidSeats: '4' }, 'Unpaid seats must be 1 to 240'],
    ] as const) {
      expectInvalid(await saveSettings(patch), text);
    }
    const visitor = (await client(server.url).get<Record<string, unknown>>('/api/settings')).body;
    expect(Object.keys(visitor)).not.toContain('maxUnpaidBookings');
    expectAnswer(await saveSettings({ reviewDeadlineHours: 48, maxUnpaidBookings: 3, maxUnpaidSeats: 10 }), 200);
  });
});

describe('booking and payment claims are rate-limited', () => {
  let server: TestServer;
  let flight: Flight;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', bookingRules: 'production' });
    flight = await flightAt(server, 'LOS', 'LHR', new Date(Date.now() + 10 * 24 * HOUR));
  });
  afterAll(() => server.stop());

  async function newTraveller(tag: string): Promise<Api> {
    return client(
      server.url,
      (await makeAccount(server, { email: `${tag}-${randomUUID().slice(0, 6)}@example.com`, fullName: 'Test User', confirmed: false })).token,
    );
  }

  it('booking, both ways of claiming a payment and cancelling carry the shared limiters', () => {
    const limiters = rateLimiters(server.ctx);
    const expected: Record<string, LimitName[]> = {
      'POST /payments': ['bookingAddress', 'booking'],
      'POST /payments/:id/paid': ['bookingAddress', 'paymentClaim'],
      'PUT /payments/token/:token': ['bookingAddress', 'paymentClaim'],
      'PUT /bookings/:id/cancel': ['bookingAddress', 'bookingCancel'],
    };
    for (const [key, names] of Object.entries(expected)) {
      for (const name of names) expect(routeHandlers(server.ctx, key), `${key} ${name}`).toContain(limiters[name]);
    }
  });

  it('booking is rate-limited per account and per address', async () => {
    setRateLimits(server.ctx, { booking: 2, bookingAddress: 5 });
    try {
      const hasty = await newTraveller('hasty');
      const created = await book(hasty, flight, ['A3']);
      expectAnswer(await hasty.put(`/api/bookings/${created.booking._id}/cancel`), 200);
      expectAnswer(await hasty.post('/api/payments', paymentBody(flight, ['A3'])), 201);
      expectError(await hasty.post('/api/payments', paymentBody(flight, ['A4'])), 429, DEFAULT_RATE_LIMITS.booking.message);
      // Fresh accounts from the same address run into the address's limit.
      expectAnswer(await (await newTraveller('second')).post('/api/payments', paymentBody(flight, ['A4'])), 201);
      expectError(await (await newTraveller('third')).post('/api/payments', paymentBody(flight, ['B4'])), 429, DEFAULT_RATE_LIMITS.bookingAddress.message);
    } finally {
      setRateLimits(server.ctx, { booking: DEFAULT_RATE_LIMITS.booking.limit, bookingAddress: DEFAULT_RATE_LIMITS.bookingAddress.limit });
    }
  });

  it("'I have made payment' is rate-limited, on the REST route and through the sync outbox alike", async () => {
    const payer = await newTraveller('claims');
    const bookings: Created[] = [];
    for (const seat of ['B3', 'C3']) {
      const res = await payer.post<Created>('/api/payments', paymentBody(flight, [seat], { paymentMethod: 'cashApp' }));
      expectAnswer(res, 201);
      bookings.push(res.body);
    }
    setRateLimits(server.ctx, { paymentClaim: 2 });
    try {
      const [one, two] = bookings.map((b) => b.payment._id);
      expectAnswer(await payer.post(`/api/payments/${one}/paid`), 200);
      const clientId = randomUUID();
      const claim = (id: number, paymentId: string | undefined) => ({ id, name: 'confirmManualPayment', args: { paymentId } });
      const push = (mutations: ReturnType<typeof claim>[]) =>
        payer.post<{ lastMutationId: number }>('/api/sync/push', { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });
      const first = await push([claim(1, two), claim(2, one)]);
      expectAnswer(first, 200);
      expect(first.body.lastMutationId).toBe(1);
      expectError(await push([claim(2, one)]), 429, DEFAULT_RATE_LIMITS.paymentClaim.message);
      expectError(await payer.post(`/api/payments/${one}/paid`), 429, DEFAULT_RATE_LIMITS.paymentClaim.message);
      expectAnswer(await push([claim(1, two)]), 200);
    } finally {
      setRateLimits(server.ctx, { paymentClaim: DEFAULT_RATE_LIMITS.paymentClaim.limit });
    }
  });
});

describe('RATE_LIMITS=off, for load tests from one machine', () => {
  it('lifts the unpaid-holds cap with the other per-account limits', async () => {
    const server = await startTestServer({ seed: 'demo', bookingRules: 'production', env: { RATE_LIMITS: 'off' } });
    try {
      const buyer = client(server.url, (await makeAccount(server, { email: 'load@example.com', fullName: 'Test User', confirmed: false })).token);
      const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
      const statuses: number[] = [];
      for (const seat of ['A2', 'A3', 'A4', 'B1', 'B2']) statuses.push((await buyer.post('/api/payments', paymentBody(flight, [seat]))).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
    } finally {
      await server.stop();
    }
  });
});
