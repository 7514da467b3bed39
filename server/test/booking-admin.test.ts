import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { startTestServer, type TestServer } from './harness';
import { actors, book, expectAnswer, roundTripBody, traveller, upcomingFlight, type Actors, type Created } from './booking-fixtures';

const named = (firstName: string, lastName: string) => ({ ...traveller(1), firstName, lastName });

describe('admin booking list and public tracking', () => {
  let server: TestServer;
  let who: Actors;
  let lagos: Flight;
  let accra: Flight;
  let first: Created;
  let second: Created;
  let third: Created;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'bookadm');
    lagos = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    accra = await upcomingFlight(server.url, 'LOS', 'ACC', 8);
    const t0 = Date.now();
    server.setNow(new Date(t0));
    first = await book(who.owner, lagos, ['A1'], { travellers: [named('Chidinma', 'Obasanjo')], confirmEmail: 'Chidi.Track@Example.com' });
    server.setNow(new Date(t0 + 1000));
    second = await book(who.other, accra, ['A1', 'A2'], { travellers: [named('Kwame', 'Mensah'), named('Efua', 'Zzyzx')] });
    server.setNow(new Date(t0 + 2000));
    third = await book(who.owner, accra, ['B1'], { travellers: [named('Kwame', 'Boateng')] });
  });
  afterAll(() => server.stop());

  it('GET /bookings finds bookings by flight number, passenger name and reference', async () => {
    const search = async (term: string) => {
      const res = await who.admin.get<Booking[]>(`/api/bookings?limit=100&search=${encodeURIComponent(term)}`);
      expectAnswer(res, 200);
      expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
      return res.body.map((b) => b._id);
    };
    // NOTE: a flight number flies daily, and the demo traveller's seeded bookings may be on the same one on another day.
    const ours = (ids: string[]) => ids.filter((id) => [first, second, third].some((created) => created.booking._id === id));
    expect(ours(await search(accra.flightNumber))).toEqual([third.booking._id, second.booking._id]);
    expect(await search(lagos.flightNumber)).toContain(first.booking._id);
    expect(await search(lagos.flightNumber)).not.toContain(second.booking._id);
    expect(await search('Zzyzx')).toEqual([second.booking._id]);
    expect(await search('Efua Zzyzx')).toEqual([second.booking._id]);
    expect(await search('Kwame')).toEqual([third.booking._id, second.booking._id]);
    expect(await search('Chidinma Obasanjo')).toEqual([first.booking._id]);
    expect(await search(second.booking.bookingId)).toEqual([second.booking._id]);
    expect(await search('Nobody Atall')).toEqual([]);
  });

  it('GET /bookings pages newest first with X-Total-Count and filters by status', async () => {
    const all = await who.admin.get<Booking[]>('/api/bookings?limit=100');
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    expect(total).toBeGreaterThanOrEqual(7);
    expect(all.body.slice(0, 3).map((b) => b._id)).toEqual([third.booking._id, second.booking._id, first.booking._id]);
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const res = await who.admin.get<Booking[]>(`/api/bookings?limit=2&page=${page}`);
      expect(res.headers.get('x-total-count')).toBe(String(total));
      expect(res.body.length).toBe(Math.min(2, total - (page - 1) * 2));
      pages.push(...res.body.map((b) => b._id));
    }
    expect(pages).toEqual(all.body.map((b) => b._id));
    const defaultPage = await who.admin.get<Booking[]>('/api/bookings');
    expect(defaultPage.body).toHaveLength(5);
    const confirmed = await who.admin.get<Booking[]>('/api/bookings?status=confirmed&limit=100');
    expect(confirmed.body.length).toBeGreaterThan(0);
    expect(confirmed.body.every((b) => b.status === 'confirmed')).toBe(true);
    expectAnswer(await who.admin.get('/api/bookings?status=lost'), 400);
    expectAnswer(await who.admin.get('/api/bookings?page=0'), 400);
  });

  it("POST /bookings/track needs the reference and the booking's e-mail; a wrong pair says only 'Booking not found!'; 30 tries per 15 minutes", async () => {
    const track = (bookingId: string, email: string) => who.anon.post<Booking>('/api/bookings/track', { bookingId, email });
    const found = await track(first.booking.bookingId.toLowerCase(), '  chidi.track@example.COM ');
    expectAnswer(found, 200);
    expect(found.body).toMatchObject({ _id: first.booking._id, status: 'pending', travellers: [{ lastName: 'Obasanjo' }] });
    const wrongEmail = await track(first.booking.bookingId, 'someone-else@example.com');
    const wrongReference = await track(second.booking.bookingId, 'chidi.track@example.com');
    const unknown = await track('ZZZZZZ', 'chidi.track@example.com');
    for (const res of [wrongEmail, wrongReference, unknown]) {
      expectAnswer(res, 404, 'Booking not found!');
      expect(res.body).toEqual({ code: 'not_found', message: 'Booking not found!' });
    }
    expectAnswer(await track('', ''), 400, 'Please enter both Booking Reference and Email.');
    let used = 5;
    while (used < 30) {
      expectAnswer(await track(first.booking.bookingId, 'wrong@example.com'), 404);
      used++;
    }
    const limited = await track(first.booking.bookingId, 'chidi.track@example.com');
    expectAnswer(limited, 429, 'Too many tracking attempts. Please wait 15 minutes and try again.');
    expect(JSON.stringify(limited.body)).not.toContain(first.booking._id);
    const signedIn = await who.owner.post('/api/bookings/track', { bookingId: first.booking.bookingId, email: 'chidi.track@example.com' });
    expectAnswer(signedIn, 429);
  });

  it('GET /bookings finds a round trip by the flight number of either leg', async () => {
    const out = await upcomingFlight(server.url, 'LOS', 'JFK', 9);
    const back = await upcomingFlight(server.url, 'JFK', 'LOS', 16);
    server.setNow(new Date(Date.now() + 5000));
    const trip = await who.owner.post<Created>('/api/payments', roundTripBody(out, back, ['C3'], ['C3']));
    expectAnswer(trip, 201);
    for (const flightNumber of [out.flightNumber, back.flightNumber]) {
      const res = await who.admin.get<Booking[]>(`/api/bookings?limit=100&search=${flightNumber}`);
      expect(
        res.body.map((b) => b._id),
        flightNumber,
      ).toContain(trip.body.booking._id);
    }
  });
});
