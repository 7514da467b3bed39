import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TravellerInput } from '../../sync/schemas/booking';
import type { Flight, FlightBody } from '../../sync/schemas/flight';
import { PaymentAnswerSchema, type PaymentAnswer, type PaymentWithInstructions } from '../../sync/schemas/payment-answer';
import { immediate } from '../db/client';
import { activeAllocation } from '../db/flight-queries';
import { seatAllocations, users } from '../db/schema';
import { createFlight } from '../services/catalogue/flight-writes';
import { makeAccount, tokenOf, type SignedIn } from './account-factory';
import { ADMIN, client, type Answer, type TestServer } from './harness';

export function traveller(i = 1): TravellerInput {
  return {
    title: 'Mr',
    firstName: `Tester${i}`,
    lastName: 'Traveller',
    dob: { day: 12, month: 4, year: 1985 },
    nationality: 'Ghana',
    passportNumber: `P${1000000 + i}`,
    passportCountry: 'Ghana',
    passportExpiry: '2034-01-01',
  };
}

/** A bookable flight of the demo catalogue from `from` to `to`, about `days` days ahead. */
export async function upcomingFlight(baseUrl: string, from = 'LOS', to = 'LHR', days = 7): Promise<Flight> {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const res = await client(baseUrl).get<Flight[]>(`/api/flights?origin=${from}&destination=${to}&departureTime=${date}`);
  const flight = res.body[0];
  if (!flight) throw new Error(`no ${from}-${to} flight on ${date}`);
  return flight;
}

export function paymentBody(flight: Flight, seats: string[], extra: Record<string, unknown> = {}) {
  return {
    seatNumber: seats,
    flightId: flight._id,
    classType: 'Economy',
    amount: flight.price * seats.length,
    currency: 'USD',
    paymentMethod: 'bank_transfer',
    travellers: seats.map((_, i) => traveller(i + 1)),
    confirmEmail: 'buyer@example.com',
    phone: '+233 20 000 0000',
    ...extra,
  };
}

/** A round trip body: the amount covers both legs for every traveller. */
export function roundTripBody(outbound: Flight, inbound: Flight, seats: string[], returnSeats: string[], extra: Record<string, unknown> = {}) {
  return paymentBody(outbound, seats, {
    returnFlightId: inbound._id,
    returnSeatNumber: returnSeats,
    amount: Math.round((outbound.price + inbound.price) * seats.length * 100) / 100,
    ...extra,
  });
}

export type Api = ReturnType<typeof client>;
/** POST /api/payments answers this shape; book() checks every answer against the schema the PWA reads it with. */
export type Created = PaymentAnswer;
export type { PaymentWithInstructions };

/** The error message of an answer, or '' when it has none. */
export function messageOf(res: Answer): string {
  const body = res.body;
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : '';
}

/** Asserts the status (and the exact message, when given) of an answer. */
export function expectAnswer(res: Answer, status: number, message?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (message !== undefined) expect(messageOf(res)).toBe(message);
}

/** Books through POST /api/payments and insists on a 201. */
export async function book(api: Api, flight: Flight, seats: string[], extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await api.post<Created>('/api/payments', paymentBody(flight, seats, extra));
  expectAnswer(res, 201);
  expect(PaymentAnswerSchema.strict().parse(res.body)).toEqual(res.body);
  return res.body;
}

export type Actors = { anon: Api; admin: Api; owner: Api; other: Api; ownerId: string; otherId: string; ownerEmail: string };

/** The admin, two freshly registered travellers (owner and other) and an anonymous caller. */
export async function actors(server: TestServer, tag: string): Promise<Actors> {
  const ownerEmail = `owner-${tag}@example.com`;
  const owner = await makeAccount(server, { email: ownerEmail, fullName: `Owner ${tag}` });
  const other = await makeAccount(server, { email: `other-${tag}@example.com`, fullName: `Other ${tag}` });
  const adminToken = await tokenOf(server, ADMIN.email);
  return {
    anon: client(server.url),
    admin: client(server.url, adminToken),
    owner: client(server.url, owner.token),
    other: client(server.url, other.token),
    ownerId: owner.id,
    otherId: other.id,
    ownerEmail,
  };
}

/**
 * Marks an account's e-mail as confirmed, as following its mailed link does (email-verification.test.ts
 * covers the link itself): booking mails go only to a confirmed address.
 */
export async function confirmEmailOf(server: TestServer, userId: string): Promise<void> {
  await immediate(server.ctx.db, (tx) => tx.update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, userId)));
}

/** A second admin, made in the database (no route creates admins), signed in. */
export function secondAdmin(server: Pick<TestServer, 'ctx'>, fullName = 'Second Admin'): Promise<SignedIn> {
  return makeAccount(server, { email: `admin2-${randomUUID().slice(0, 8)}@skyway.test`, fullName, role: 'admin', password: 'Admin-two-pass-1' });
}

/** A flight written straight through the flights service, in its own transaction (no admin session needed). */
export async function insertFlight(server: TestServer, body: FlightBody): Promise<Flight> {
  return immediate(server.ctx.db, async (tx) => createFlight(tx, server.ctx, body));
}

/** A flight created through the flights service at an exact instant. */
export function flightAt(server: TestServer, from: string, to: string, departure: Date, minutes = 360, price = 420): Promise<Flight> {
  return insertFlight(server, {
    origin: from,
    destination: to,
    departureTime: departure.toISOString(),
    arrivalTime: new Date(departure.getTime() + minutes * 60_000).toISOString(),
    price,
  });
}

/** Uploads a real PNG as `api`'s image of that kind and answers its URL. */
export async function uploadedImageUrl(api: Api, kind: 'receipt' | 'avatar'): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('kind', kind);
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'receipt.png');
  const res = await api.post<{ imageUrl: string }>('/api/images', form);
  expectAnswer(res, 201);
  return res.body.imageUrl;
}

export const receiptUrl = (api: Api): Promise<string> => uploadedImageUrl(api, 'receipt');

/** What a visitor sees of a flight's seats: availableSeats and the taken labels. */
export async function seatView(server: TestServer, flightId: string): Promise<{ available: number; taken: string[] }> {
  const api = client(server.url);
  const [flight, seats] = await Promise.all([api.get<Flight>(`/api/flights/${flightId}`), api.get<{ seatNumber: string }[]>(`/api/flights/${flightId}/seat`)]);
  expectAnswer(flight, 200);
  expectAnswer(seats, 200);
  return { available: flight.body.availableSeats, taken: seats.body.map((s) => s.seatNumber).sort() };
}

export type AllocationRow = { flight_id: string; seat_label: string; state: string; hold_expires_at: string | null };

export async function allocationsOf(server: TestServer, bookingId: string): Promise<AllocationRow[]> {
  return await server.ctx.db
    .select({
      flight_id: seatAllocations.flightId,
      seat_label: seatAllocations.seatLabel,
      state: seatAllocations.state,
      hold_expires_at: seatAllocations.holdExpiresAt,
    })
    .from(seatAllocations)
    .where(eq(seatAllocations.bookingId, bookingId))
    .orderBy(asc(seatAllocations.flightId), asc(seatAllocations.seatLabel));
}

/** Seats held (unexpired) or sold on a flight at the server's current time, straight from the database. */
export async function activeSeats(server: TestServer, flightId: string): Promise<string[]> {
  const rows = await server.ctx.db
    .select({ seat: seatAllocations.seatLabel })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.flightId, flightId), activeAllocation(server.ctx.now().toISOString())))
    .orderBy(asc(seatAllocations.seatLabel));
  return rows.map((r) => r.seat);
}
