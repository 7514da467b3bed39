import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { actors, book, expectAnswer, flightAt, traveller, type Actors } from './booking-fixtures';
import { expectError } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const STRANGER = 'stranger@example.com';
type Mail = { to: string; subject: string; text: string };

describe('bookings mail only their account, and tracking hides passports', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;

  const mails = async () => (await who.admin.get<Mail[]>('/api/mail-outbox?limit=200')).body;
  const namedTraveller = { ...traveller(1), firstName: 'Click', lastName: 'Here To Win' };

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', bookingRules: 'production' });
    who = await actors(server, 'privacy');
    flight = await flightAt(server, 'LOS', 'LHR', new Date(Date.now() + 9 * 24 * 3_600_000));
  });
  afterAll(() => server.stop());

  it('a contact e-mail typed into the booking receives nothing; confirmation, refusal, cancellation and flight news go to the account', async () => {
    const confirmed = await book(who.owner, flight, ['A1'], { confirmEmail: STRANGER, travellers: [namedTraveller] });
    const refused = await book(who.owner, flight, ['A2'], { confirmEmail: STRANGER, travellers: [namedTraveller] });
    expectAnswer(await who.admin.put(`/api/payments/${confirmed.payment._id}`, { status: 'successful' }), 200);
    expectAnswer(await who.admin.put(`/api/payments/${refused.payment._id}`, { status: 'failed', reason: 'No money arrived' }), 200);
    expectAnswer(await who.owner.put(`/api/bookings/${refused.booking._id}/cancel`), 200);
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { status: 'delayed' }), 200);
    const expected = [
      `Your booking ${confirmed.booking.bookingId} is confirmed`,
      `Payment for booking ${refused.booking.bookingId} was not accepted`,
      `Booking ${refused.booking.bookingId} is cancelled`,
      `Flight ${flight.flightNumber} is delayed`,
    ];
    await expect
      .poll(async () =>
        (await mails())
          .filter((m) => m.to === who.ownerEmail)
          .map((m) => m.subject)
          .sort(),
      )
      .toEqual(expected.sort());
    expect((await mails()).filter((m) => m.to === STRANGER)).toEqual([]);
    expect(confirmed.booking.email).toBe(STRANGER);
  });

  it('cancelling is rate-limited per account, on the REST route and through the sync outbox alike', async () => {
    const bookings: string[] = [];
    for (const seat of ['B1', 'B2', 'B3']) bookings.push((await book(who.other, flight, [seat])).booking._id);
    const [one, two, three] = bookings;
    setRateLimits(server.ctx, { bookingCancel: 2 });
    try {
      expectAnswer(await who.other.put(`/api/bookings/${one}/cancel`), 200);
      const clientId = randomUUID();
      const cancel = (id: number, bookingId: string | undefined) => ({ id, name: 'cancelBooking', args: { bookingId } });
      const push = (mutations: ReturnType<typeof cancel>[]) =>
        who.other.post<{ lastMutationId: number }>('/api/sync/push', { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });
      const first = await push([cancel(1, two), cancel(2, three)]);
      expectAnswer(first, 200);
      expect(first.body.lastMutationId).toBe(1);
      expectError(await push([cancel(2, three)]), 429, DEFAULT_RATE_LIMITS.bookingCancel.message);
      expectError(await who.other.put(`/api/bookings/${three}/cancel`), 429, DEFAULT_RATE_LIMITS.bookingCancel.message);
      const statuses = (await who.other.get<Booking[]>('/api/bookings/user')).body.filter((b) => bookings.includes(b._id)).map((b) => b.status);
      expect(statuses.sort()).toEqual(['cancelled', 'cancelled', 'pending']);
      // Admins working through bookings are not counted.
      expectAnswer(await who.admin.put(`/api/bookings/${three}/cancel`), 200);
    } finally {
      setRateLimits(server.ctx, { bookingCancel: DEFAULT_RATE_LIMITS.bookingCancel.limit });
    }
  });

  it('tracking by reference and e-mail shows only the last 3 characters of each passport; the owner and admins see them whole', async () => {
    const travellers = [traveller(1), { ...traveller(2), passportNumber: 'XY98765' }];
    const created = await book(who.owner, flight, ['C1', 'C2'], { travellers });
    const tracked = await who.anon.post<Booking>('/api/bookings/track', { bookingId: created.booking.bookingId, email: 'buyer@example.com' });
    expectAnswer(tracked, 200);
    expect(tracked.body.travellers.map((t) => t.passportNumber)).toEqual(['*****001', '****765']);
    expect(JSON.stringify(tracked.body)).not.toContain('P1000001');
    expect(tracked.body.travellers[0]).toMatchObject({ firstName: 'Tester1', passportCountry: 'Ghana' });
    const own = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === created.booking._id);
    expect(own?.travellers.map((t) => t.passportNumber)).toEqual(['P1000001', 'XY98765']);
    const listed = await who.admin.get<Booking[]>(`/api/bookings?search=${created.booking.bookingId}`);
    expect(listed.body[0]?.travellers.map((t) => t.passportNumber)).toEqual(['P1000001', 'XY98765']);
  });
});
