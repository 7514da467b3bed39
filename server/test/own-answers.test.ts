import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import type { Payment } from '../../sync/schemas/payment';
import { eq } from 'drizzle-orm';
import { immediate, type Tx } from '../db/client';
import { bookings, flights, payments, users } from '../db/schema';
import { nextVersion } from '../db/version';
import { ANSWER_TTL_MS } from '../kept-answer';
import { listUserBookings } from '../services/booking/bookings';
import { ownAnswer } from '../services/booking/own-answers';
import { listUserPayments } from '../services/payment/payments';
import { actors, book, expectAnswer, upcomingFlight, type Actors, type Created } from './booking-fixtures';
import { login, startTestServer, type TestServer } from './harness';

describe('GET /api/bookings/user and /api/payments/user answer from memory while the traveller’s rows stand', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  let created: Created;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'own-answers');
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    created = await book(who.owner, flight, ['F1']);
  });
  afterAll(() => server.stop());

  /** The owner's list as sent, and as the service builds it now: they must be equal. */
  async function both(kind: 'bookings' | 'payments') {
    const res = await who.owner.get<Booking[] | Payment[]>(`/api/${kind}/user`);
    expectAnswer(res, 200);
    const built = kind === 'bookings' ? await listUserBookings(server.ctx, who.ownerId) : await listUserPayments(server.ctx, who.ownerId);
    return { sent: res.body, built: JSON.parse(JSON.stringify(built)) as unknown, etag: res.headers.get('etag') };
  }

  function conditional(path: string, token: string, etag: string): Promise<number> {
    return new Promise((resolve, reject) => {
      get(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject);
    });
  }

  it('sends an ETag, answers 304 to a client holding it, and builds a kept answer no more', async () => {
    const first = await both('bookings');
    expect(first.sent).toEqual(first.built);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    const token = await login(server.url, who.ownerEmail, 'Secret-pass-1');
    expect(await conditional('/api/bookings/user', token, first.etag ?? '')).toBe(304);
    expect(await conditional('/api/bookings/user', token, '"other"')).toBe(200);
    const build = vi.fn(() => listUserBookings(server.ctx, who.ownerId));
    const kept = await ownAnswer(server.ctx, 'bookings', who.ownerId, build);
    expect(await ownAnswer(server.ctx, 'bookings', who.ownerId, build)).toBe(kept);
    expect(build).not.toHaveBeenCalled();
    expect(kept.etag).toBe(first.etag);
  });

  it('keeps each account’s answer apart', async () => {
    const theirs = await who.other.get<Booking[]>('/api/bookings/user');
    expectAnswer(theirs, 200);
    expect(theirs.body).toEqual(JSON.parse(JSON.stringify(await listUserBookings(server.ctx, who.otherId))));
    expect(theirs.body.some((b) => b._id === created.booking._id)).toBe(false);
  });

  it('keeps the answer through a booking of another traveller on another flight', async () => {
    const build = vi.fn(() => listUserBookings(server.ctx, who.ownerId));
    const before = await ownAnswer(server.ctx, 'bookings', who.ownerId, build);
    await book(who.other, await upcomingFlight(server.url, 'ACC', 'LOS', 9), ['F2']);
    expect(await ownAnswer(server.ctx, 'bookings', who.ownerId, build)).toBe(before);
    expect(build).not.toHaveBeenCalled();
    const after = await both('bookings');
    expect(after.sent).toEqual(after.built);
  });

  it('shows at once a new booking, a payment method changed or reviewed, a leg or airport changed and a new name; a seat sold to someone else as built', async () => {
    let second: Created | undefined;
    const everywhere = ['bookings', 'payments'];
    const changes: [string, () => Promise<unknown>, string[]][] = [
      ['a new booking', async () => (second = await book(who.owner, flight, ['F2'])), everywhere],
      [
        'a payment method changed',
        async () => expectAnswer(await who.owner.put(`/api/payments/${second?.payment._id}/method`, { paymentMethod: 'cashApp' }), 200),
        ['payments'],
      ],
      ['a payment reviewed', async () => expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 200), everywhere],
      ['a leg changed', async () => expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { price: flight.price + 7 }), 200), everywhere],
      ['an airport renamed', async () => expectAnswer(await who.admin.put('/api/airports', { id: flight.origin._id, city: 'Lagos Renamed' }), 200), everywhere],
      ['a seat sold on a leg to someone else', () => book(who.other, { ...flight, price: flight.price + 7 }, ['E3']), []],
      ['a new name', async () => expectAnswer(await who.owner.put('/api/users/update', { fullName: 'Renamed Owner', email: who.ownerEmail }), 200), everywhere],
    ];
    for (const [change, make, shows] of changes) {
      const before = { bookings: await both('bookings'), payments: await both('payments') };
      await make();
      for (const kind of ['bookings', 'payments'] as const) {
        const after = await both(kind);
        expect(after.sent, `${kind} after ${change}`).toEqual(after.built);
        if (shows.includes(kind)) expect(after.etag, `${kind} after ${change}`).not.toBe(before[kind].etag);
      }
    }
  });

  it('shows a write to each row it is read from at once: the booking, its payment, a leg, the account', async () => {
    const writes: [string, (tx: Tx, version: number) => Promise<unknown>][] = [
      [
        'booking',
        (tx, version) =>
          tx
            .update(bookings)
            .set({ phone: `+1 555 0${version}`, version })
            .where(eq(bookings.id, created.booking._id)),
      ],
      [
        'payment',
        (tx, version) =>
          tx
            .update(payments)
            .set({ reason: `note ${version}`, version })
            .where(eq(payments.id, created.payment._id)),
      ],
      [
        'leg',
        (tx, version) =>
          tx
            .update(flights)
            .set({ priceCents: 10_000 + version, version })
            .where(eq(flights.id, flight._id)),
      ],
      [
        'account',
        (tx, version) =>
          tx
            .update(users)
            .set({ fullName: `Owner ${version}`, version })
            .where(eq(users.id, who.ownerId)),
      ],
    ];
    for (const [row, write] of writes) {
      const before = await both('payments');
      await immediate(server.ctx.db, async (tx) => write(tx, await nextVersion(tx)));
      const after = await both('payments');
      expect(after.sent, `after a write to the ${row}`).toEqual(after.built);
      expect(after.etag, `after a write to the ${row}`).not.toBe(before.etag);
    }
  });

  it('builds the answer again once its period has ended, and keeps the same bytes and ETag when nothing changed', async () => {
    const build = vi.fn(() => listUserPayments(server.ctx, who.ownerId));
    const before = await ownAnswer(server.ctx, 'payments', who.ownerId, build);
    server.setNow(new Date(server.ctx.now().getTime() + ANSWER_TTL_MS));
    expect(await ownAnswer(server.ctx, 'payments', who.ownerId, build)).toBe(before);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
