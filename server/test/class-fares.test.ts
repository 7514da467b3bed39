import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classFareCents } from '../../sync/fare';
import { formatMoney } from '../../sync/money';
import { CLASS_FARE_RANGE, ECONOMY_FARE_BASE, type AdminSettings, type PublicSettings } from '../../sync/schemas/settings';
import { countRows, expectInvalid, snapshot } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { actors, expectAnswer, paymentBody, roundTripBody, upcomingFlight, type Actors, type Created, type PaymentWithInstructions } from './booking-fixtures';

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amount: number) => amount / 100;

describe('class fares: the Economy price times the class ratio, charged by the server', () => {
  let server: TestServer;
  let who: Actors;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'fares');
  });
  afterAll(() => server.stop());

  /** The admin's whole settings body with new class fares. */
  async function putClassFares(classFares: Record<string, unknown>) {
    const saved = (await who.admin.get<AdminSettings>('/api/settings')).body;
    const body = {
      bankingInfo: saved.bankingInfo,
      cryptoInfo: saved.cryptoInfo,
      cashApp: saved.cashApp,
      mail: { name: saved.mail.name },
      whatsApp: saved.whatsApp,
      classFares,
    };
    return who.admin.put<{ settings: AdminSettings }>('/api/settings', body);
  }

  it('everyone reads the ratios, by default Economy 1 : Premium Economy 1.6 : Business 2.5 : First Class 4', async () => {
    const res = await who.anon.get<PublicSettings>('/api/settings');
    expect(res.body.classFares).toEqual({ Economy: 1, 'Premium Economy': 1.6, Business: 2.5, 'First Class': 4 });
  });

  it('a Business booking costs 2.5 times the Economy fare, stored on the booking and its payment', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const total = classFareCents(cents(flight.price), 2.5) * 2;
    const res = await who.owner.post<Created>('/api/payments', paymentBody(flight, ['F1', 'F2'], { classType: 'Business', amount: dollars(total) }));
    expectAnswer(res, 201);
    expect(total).toBe(Math.round(cents(flight.price) * 2.5) * 2);
    expect(cents(res.body.booking.totalAmount)).toBe(total);
    expect(cents(res.body.payment.amount)).toBe(total);
    expect(res.body.instructions.amountDue).toBe(dollars(total));
  });

  it('a round trip in First Class charges four times each leg for every traveller', async () => {
    const outbound = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    const inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 13);
    const total = (classFareCents(cents(outbound.price), 4) + classFareCents(cents(inbound.price), 4)) * 2;
    const res = await who.owner.post<Created>(
      '/api/payments',
      roundTripBody(outbound, inbound, ['F1', 'F2'], ['F3', 'F4'], { classType: 'First Class', amount: dollars(total) }),
    );
    expectAnswer(res, 201);
    expect(cents(res.body.payment.amount)).toBe(total);
  });

  it('an Economy-priced amount for a Business booking is a 409, and nothing is written', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 11);
    const before = [await countRows(server, 'bookings'), await countRows(server, 'seat_allocations'), await countRows(server, 'payments')];
    const economy = cents(flight.price);
    const res = await who.other.post('/api/payments', paymentBody(flight, ['F1'], { classType: 'Business', amount: dollars(economy) }));
    expectAnswer(res, 409, `The fare is ${formatMoney(classFareCents(economy, 2.5))}, not ${formatMoney(economy)}. Please review the booking and try again.`);
    expect([await countRows(server, 'bookings'), await countRows(server, 'seat_allocations'), await countRows(server, 'payments')]).toEqual(before);
  });

  it('a new ratio prices the next booking; a held booking keeps the total it was made at', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'ABV', 8);
    const economy = cents(flight.price);
    const first = await who.owner.post<Created>(
      '/api/payments',
      paymentBody(flight, ['F1'], { classType: 'Business', amount: dollars(classFareCents(economy, 2.5)) }),
    );
    expectAnswer(first, 201);
    const saved = await putClassFares({ Economy: 1, 'Premium Economy': 1.5, Business: 3, 'First Class': 5 });
    expectAnswer(saved, 200);
    expect(saved.body.settings.classFares).toEqual({ Economy: 1, 'Premium Economy': 1.5, Business: 3, 'First Class': 5 });
    const stale = await who.other.post('/api/payments', paymentBody(flight, ['F2'], { classType: 'Business', amount: dollars(classFareCents(economy, 2.5)) }));
    expectAnswer(
      stale,
      409,
      `The fare is ${formatMoney(classFareCents(economy, 3))}, not ${formatMoney(classFareCents(economy, 2.5))}. Please review the booking and try again.`,
    );
    const fresh = await who.other.post<Created>(
      '/api/payments',
      paymentBody(flight, ['F2'], { classType: 'Business', amount: dollars(classFareCents(economy, 3)) }),
    );
    expectAnswer(fresh, 201);
    const held = await who.owner.get<PaymentWithInstructions>(`/api/payments/${first.body.payment._id}`);
    expect(cents(held.body.amount)).toBe(classFareCents(economy, 2.5));
  });

  it('refuses ratios outside 1 to 10 and an Economy ratio other than 1, writing nothing', async () => {
    const before = snapshot(server);
    const ok = { Economy: 1, 'Premium Economy': 1.6, Business: 2.5, 'First Class': 4 };
    expectInvalid(await putClassFares({ ...ok, Economy: 2 }), ECONOMY_FARE_BASE);
    for (const bad of [0.5, 10.5, -1, '3', null]) expectInvalid(await putClassFares({ ...ok, Business: bad }), CLASS_FARE_RANGE);
    expectInvalid(await putClassFares({ ...ok, 'First Class': undefined }), CLASS_FARE_RANGE);
    expect(snapshot(server)).toEqual(before);
  });
});
