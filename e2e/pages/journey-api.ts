import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './credentials';

export type ApiFlight = {
  _id: string;
  flightNumber: string;
  departureTime: string;
  arrivalTime: string;
  price: number;
  origin: { code: string; city: string; name: string; timeZone: string };
  destination: { code: string; city: string; name: string; timeZone: string };
};

export type ApiPayment = {
  _id: string;
  transactionId: string;
  amount: number;
  status: string;
  image: string | null;
  awaitingReviewAt: string | null;
  bookingId: { _id: string; bookingId: string; status: string; seatId: { seatNumber: string; flightId: string }[]; travellers: unknown[] };
};

export type Created = { link: string; booking: { _id: string; bookingId: string }; payment: ApiPayment };

/** The answer's JSON body once its status is `expected`; else an error showing what came instead. */
export async function json<T>(response: { status(): number; text(): Promise<string> }, expected: number): Promise<T> {
  const text = await response.text();
  if (response.status() !== expected) throw new Error(`expected ${expected}, got ${response.status()}: ${text}`);
  return JSON.parse(text) as T;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await json<{ token: string }>(await request.post('/api/auths/login', { data: { email, password } }), 200)).token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The demo flight of a route on a local date at the origin. */
export async function findFlight(request: APIRequestContext, from: string, to: string, date: string): Promise<ApiFlight> {
  const [flight] = await json<ApiFlight[]>(await request.get(`/api/flights?origin=${from}&destination=${to}&departureTime=${date}`), 200);
  if (!flight) throw new Error(`the demo data has no ${from}-${to} flight on ${date}`);
  return flight;
}

/** Seats nobody holds on a flight, in grid order. */
export async function freeSeats(request: APIRequestContext, flightId: string, count: number): Promise<string[]> {
  const taken = new Set((await json<{ seatNumber: string }[]>(await request.get(`/api/flights/${flightId}/seat`), 200)).map((s) => s.seatNumber));
  const free = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((row) => [1, 2, 3, 4].map((n) => `${row}${n}`)).filter((s) => !taken.has(s));
  if (free.length < count) throw new Error(`only ${free.length} seats free on ${flightId}`);
  return free.slice(0, count);
}

export const traveller = (firstName: string, lastName = 'Okafor') => ({
  title: 'Ms',
  firstName,
  lastName,
  dob: { day: 12, month: 4, year: 1990 },
  nationality: 'Nigeria',
  passportNumber: 'A12345678',
  passportCountry: 'Nigeria',
  passportExpiry: '2035-01-01',
});

/** A one-way booking made straight through POST /payments, for the tests that start after booking. */
export async function bookThroughApi(
  request: APIRequestContext,
  token: string,
  flight: ApiFlight,
  method: 'bank_transfer' | 'crypto' | 'cashApp',
  email: string,
  seat?: string,
): Promise<Created> {
  const [free] = seat ? [seat] : await freeSeats(request, flight._id, 1);
  const data = {
    seatNumber: [free],
    flightId: flight._id,
    classType: 'Economy',
    amount: flight.price,
    currency: 'USD',
    paymentMethod: method,
    travellers: [traveller('Chioma')],
    confirmEmail: email,
    phone: '+234 801 000 0000',
  };
  return json<Created>(await request.post('/api/payments', { data, headers: bearer(token) }), 201);
}

export async function getPayment(request: APIRequestContext, token: string, id: string): Promise<ApiPayment> {
  return json<ApiPayment>(await request.get(`/api/payments/${id}`, { headers: bearer(token) }), 200);
}

/** The admin's decision, as the back office sends it. */
export async function approvePayment(request: APIRequestContext, paymentId: string): Promise<void> {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password);
  await json(await request.put(`/api/payments/${paymentId}`, { data: { status: 'successful' }, headers: bearer(token) }), 200);
}

/** A small real PNG for the receipt input. */
export function receiptPng(): { name: string; mimeType: string; buffer: Buffer } {
  const base64 =
    'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVRIie3VwQkAMAwCwI7jEO6PY3WM9nGQfyAY76x5MsfiOvWEK96pCmQqM5AoFoPFYnFYDBaLxX3F4gVcZ36Me9gXSgAAAABJRU5ErkJggg==';
  return { name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** A LOS-ACC flight of the test's own, leaving at `departure` and flying one hour, created by an admin (`admin`: its headers). */
export async function createLosAccFlight(request: APIRequestContext, admin: Record<string, string>, departure: Date): Promise<ApiFlight> {
  const res = await request.post('/api/flights', {
    headers: admin,
    data: {
      origin: 'LOS',
      destination: 'ACC',
      departureTime: departure.toISOString(),
      arrivalTime: new Date(departure.getTime() + 3_600_000).toISOString(),
      price: 150,
    },
  });
  if (res.status() !== 201) throw new Error(`creating a flight answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { flight: ApiFlight }).flight;
}
