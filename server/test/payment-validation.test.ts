import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { startTestServer, type TestServer } from './harness';
import { countRows, writeRaw } from './fixtures';
import {
  actors,
  expectAnswer,
  flightAt,
  messageOf,
  paymentBody,
  roundTripBody,
  traveller,
  upcomingFlight,
  uploadedImageUrl,
  type Actors,
} from './booking-fixtures';

type Counts = number[];

describe('POST /api/payments refuses every broken rule with nothing written', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  let inbound: Flight;
  let before: Counts;
  const counts = async (): Promise<Counts> => [
    await countRows(server, 'bookings'),
    await countRows(server, 'seat_allocations'),
    await countRows(server, 'payments'),
    await countRows(server, 'travellers'),
  ];

  /** A 400 or 409 whose message (and field error, when given) names the rule. */
  async function refused(body: unknown, status: number, message: string, path?: string) {
    const res = await who.owner.post('/api/payments', body);
    expectAnswer(res, status);
    expect(messageOf(res)).toContain(message);
    if (path) expect((res.body as { errors?: { msg: string; path: string }[] }).errors).toContainEqual({ msg: message, path });
    expect(await counts()).toEqual(before);
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(new Date());
    who = await actors(server, 'valid');
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 10);
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    before = await counts();
  });

  it('anonymous callers get 401 and a guest-free refusal', async () => {
    const res = await who.anon.post('/api/payments', paymentBody(flight, ['A1']));
    expectAnswer(res, 401, 'Please sign in to continue');
    const forged = await who.anon.post('/api/payments', paymentBody(flight, ['A1']), { headers: { authorization: 'Bearer not.a.token' } });
    expectAnswer(forged, 401);
    expect(await counts()).toEqual(before);
  });

  it('the flight must exist, be scheduled and lie in the future', async () => {
    await refused(paymentBody({ ...flight, _id: 'no-such-flight' }, ['A1']), 404, 'Flight not found');
    const cancelled = await flightAt(server, 'LOS', 'LHR', new Date(Date.now() + 20 * 86_400_000));
    expectAnswer(await who.admin.put(`/api/flights/${cancelled._id}`, { status: 'cancelled' }), 200);
    await refused(paymentBody(cancelled, ['A1']), 400, `Flight ${cancelled.flightNumber} is cancelled`, 'flightId');
    const past = await who.anon.get<Flight[]>(
      `/api/flights?origin=LOS&destination=LHR&departureTime=${new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)}`,
    );
    const departed = past.body[0];
    if (!departed) throw new Error('no past flight in the demo catalogue');
    await refused(paymentBody(departed, ['A1']), 400, `Flight ${departed.flightNumber} is departed`, 'flightId');
    const soon = await flightAt(server, 'LOS', 'ACC', new Date(Date.now() + 60_000), 90);
    server.setNow(new Date(Date.now() + 120_000));
    await refused(paymentBody(soon, ['A1']), 400, `Flight ${soon.flightNumber} has already departed`, 'flightId');
    server.setNow(new Date());
  });

  it('a round trip flies back from the destination to the origin, after the outbound lands', async () => {
    const sameWay = await upcomingFlight(server.url, 'LOS', 'LHR', 11);
    await refused(roundTripBody(flight, sameWay, ['A1'], ['A1']), 400, 'The return flight must fly back from the destination to the origin', 'returnFlightId');
    const elsewhere = await upcomingFlight(server.url, 'LHR', 'JFK', 11);
    await refused(
      roundTripBody(flight, elsewhere, ['A1'], ['A1']),
      400,
      'The return flight must fly back from the destination to the origin',
      'returnFlightId',
    );
    const early = await upcomingFlight(server.url, 'LHR', 'LOS', 7);
    await refused(roundTripBody(flight, early, ['A1'], ['A1']), 400, 'The return flight must leave after the outbound flight lands', 'returnFlightId');
    const beforeLanding = await flightAt(server, 'LHR', 'LOS', new Date(Date.parse(flight.arrivalTime) - 60_000));
    await refused(roundTripBody(flight, beforeLanding, ['A1'], ['A1']), 400, 'The return flight must leave after the outbound flight lands', 'returnFlightId');
    await refused(roundTripBody(flight, { ...inbound, _id: 'missing' }, ['A1'], ['A1']), 404, 'Flight not found');
  });

  it('seat labels are A1 to F4 only, one distinct seat per traveller per leg', async () => {
    for (const label of ['G1', 'A5', 'A0', 'a1', 'A10', '', '1A', 'Z9']) {
      await refused(paymentBody(flight, [label]), 400, 'Seat must be a label from A1 to F4', 'seatNumber.0');
    }
    await refused({ ...paymentBody(flight, ['A1']), seatNumber: [7] }, 400, 'Seat must be a label from A1 to F4');
    await refused(roundTripBody(flight, inbound, ['A1'], ['G7']), 400, 'Seat must be a label from A1 to F4', 'returnSeatNumber.0');
    await refused(paymentBody(flight, ['A1', 'A1']), 400, 'Each traveller needs a different seat', 'seatNumber');
    await refused(roundTripBody(flight, inbound, ['A1', 'A2'], ['B1', 'B1']), 400, 'Each traveller needs a different seat', 'returnSeatNumber');
    await refused({ ...paymentBody(flight, ['A1']), seatNumber: [] }, 400, 'Choose one seat per traveller', 'seatNumber');
  });

  it('too many or too few travellers for the seats are refused', async () => {
    const six = ['A1', 'A2', 'A3', 'A4', 'B1', 'B2'];
    await refused(paymentBody(flight, six), 400, 'At most 5 travellers', 'seatNumber');
    await refused({ ...paymentBody(flight, ['A1', 'A2']), travellers: [traveller(1)] }, 400, 'Choose one seat per traveller', 'seatNumber');
    await refused(
      { ...paymentBody(flight, ['A1']), travellers: [traveller(1), traveller(2)], amount: flight.price * 2 },
      400,
      'Choose one seat per traveller',
      'seatNumber',
    );
    await refused({ ...paymentBody(flight, ['A1']), travellers: [] }, 400, 'Add at least one traveller', 'travellers');
    await refused(roundTripBody(flight, inbound, ['A1', 'A2'], ['A1']), 400, 'Choose one seat per traveller', 'returnSeatNumber');
    const noReturnSeats: Record<string, unknown> = roundTripBody(flight, inbound, ['A1'], ['A1']);
    delete noReturnSeats.returnSeatNumber;
    await refused(noReturnSeats, 400, 'Choose one seat per traveller', 'returnSeatNumber');
  });

  it('every traveller field is checked: title, names, a real past date of birth, passport number and expiry', async () => {
    const withTraveller = (patch: Record<string, unknown>) => ({ ...paymentBody(flight, ['A1']), travellers: [{ ...traveller(1), ...patch }] });
    await refused(withTraveller({ title: 'Sir' }), 400, 'Title must be Mr, Mrs, Ms or Dr', 'travellers.0.title');
    await refused(withTraveller({ firstName: '   ' }), 400, 'First name is required', 'travellers.0.firstName');
    await refused(withTraveller({ lastName: '' }), 400, 'Last name is required', 'travellers.0.lastName');
    await refused(withTraveller({ dob: { day: 31, month: 2, year: 1990 } }), 400, 'Enter a real date of birth in the past', 'travellers.0.dob');
    await refused(withTraveller({ dob: { day: 1, month: 1, year: 2099 } }), 400, 'Enter a real date of birth in the past', 'travellers.0.dob');
    const today = new Date();
    const todayDob = { day: today.getUTCDate(), month: today.getUTCMonth() + 1, year: today.getUTCFullYear() };
    await refused(withTraveller({ dob: todayDob }), 400, 'Enter a real date of birth in the past', 'travellers.0.dob');
    await refused(withTraveller({ passportNumber: 'AB-12' }), 400, 'Enter a valid passport number', 'travellers.0.passportNumber');
    await refused(withTraveller({ passportNumber: 'A1' }), 400, 'Enter a valid passport number', 'travellers.0.passportNumber');
    await refused(withTraveller({ passportExpiry: '2030-02-30' }), 400, 'Must be a date (YYYY-MM-DD)', 'travellers.0.passportExpiry');
    await refused(
      withTraveller({ passportExpiry: flight.departureTime.slice(0, 10) }),
      400,
      'The passport must be valid after the last flight',
      'travellers.0.passportExpiry',
    );
    const betweenLegs = new Date(Date.parse(flight.departureTime) + 86_400_000).toISOString().slice(0, 10);
    const roundTrip = { ...roundTripBody(flight, inbound, ['A1', 'A2'], ['A1', 'A2']) };
    roundTrip.travellers = [traveller(1), { ...traveller(2), passportExpiry: betweenLegs }];
    await refused(roundTrip, 400, 'The passport must be valid after the last flight', 'travellers.1.passportExpiry');
  });

  it('the currency is USD and the contact and method fields are required', async () => {
    await refused(paymentBody(flight, ['A1'], { currency: 'EUR' }), 400, 'Only USD is supported', 'currency');
    await refused(paymentBody(flight, ['A1'], { paymentMethod: 'cash' }), 400, 'Choose bank_transfer, crypto or cashApp', 'paymentMethod');
    await refused(paymentBody(flight, ['A1'], { confirmEmail: 'not-an-email' }), 400, 'A valid email is required', 'confirmEmail');
    await refused(paymentBody(flight, ['A1'], { phone: ' ' }), 400, 'Enter mobile number', 'phone');
    await refused(paymentBody(flight, ['A1'], { amount: -5 }), 400, 'amount cannot be negative', 'amount');
    await refused(paymentBody(flight, ['A1'], { amount: '12' }), 400, 'amount must be a number', 'amount');
  });

  it('after all refusals the seat is still free for a correct booking', async () => {
    const ok = await who.owner.post('/api/payments', paymentBody(flight, ['A1']));
    expectAnswer(ok, 201);
    expect(await counts()).toEqual(before.map((n) => n + 1));
  });

  it("a traveller's photo is only an avatar the booker uploaded here, never another address", async () => {
    const photo = (image: string) => paymentBody(flight, ['B2'], { travellers: [{ ...traveller(1), image }] });
    for (const foreign of ['//evil.example/p.png', 'https://evil.example/p.png', '/api/images/../../x', `/api/images/${'a'.repeat(32)}?x=//evil.example`]) {
      await refused(photo(foreign), 400, 'No image found', 'travellers.0.image');
    }
    await refused(photo(`/api/images/${'0'.repeat(32)}`), 400, 'No image found', 'travellers.0.image');
    await refused(photo(await uploadedImageUrl(who.other, 'avatar')), 400, 'No image found', 'travellers.0.image');
    await refused(photo(await uploadedImageUrl(who.owner, 'receipt')), 400, 'No image found', 'travellers.0.image');
    const own = await uploadedImageUrl(who.owner, 'avatar');
    const created = await who.owner.post<{ booking: { _id: string; travellers: { image: string | null }[] } }>('/api/payments', photo(own));
    expectAnswer(created, 201);
    expect(created.body.booking.travellers[0]?.image).toBe(own);
    const bare = await who.owner.post<{ booking: { travellers: { image: string | null }[] } }>(
      '/api/payments',
      paymentBody(flight, ['B3'], { travellers: [{ ...traveller(1), image: own.slice(-32) }] }),
    );
    expect(bare.body.booking.travellers[0]?.image).toBe(own);
  });

  it('a foreign address stored before photos were checked is shown as no photo', async () => {
    const created = await who.owner.post<{ booking: { _id: string } }>('/api/payments', paymentBody(flight, ['B4']));
    expectAnswer(created, 201);
    await writeRaw(server.ctx, 'update travellers set image = ? where booking_id = ?', '//evil.example/p.png', created.body.booking._id);
    const seen = await who.owner.get<{ _id: string; travellers: { image: string | null }[] }[]>('/api/bookings/user');
    expectAnswer(seen, 200);
    expect(seen.body.find((b) => b._id === created.body.booking._id)?.travellers[0]?.image).toBeNull();
  });
});
