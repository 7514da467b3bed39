import autocannon from 'autocannon';
import { toResult } from '../load';
import type { Scenario } from '../types';

export type FlightJson = { _id: string; price: number; departureTime: string; availableSeats: number };
/** Seats the demo traveller's bookings never use (they hold A1, B3, C2 and D4), split between the scenarios. */
export const BOOKING_SEATS = ['F1', 'F2', 'F3', 'F4', 'E1', 'E2', 'E3', 'E4'];
export const MIXED_SEATS = ['D1', 'D2', 'D3', 'C1', 'C3', 'C4', 'B1', 'B2', 'B4', 'A2', 'A3', 'A4'];

export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every flight leaving more than two days from now, read page by page (GET /api/flights answers 100 at a time). */
export async function laterFlights(baseUrl: string): Promise<FlightJson[]> {
  const soon = Date.now() + 2 * 86_400_000;
  const all: FlightJson[] = [];
  for (let page = 1; ; page++) {
    const flights = await json<FlightJson[]>(`${baseUrl}/api/flights?page=${page}&limit=100`);
    all.push(...flights.filter((f) => Date.parse(f.departureTime) > soon));
    if (flights.length < 100) return all;
  }
}

/** A new buyer's token; `tag` tells apart buyers registered in the same millisecond. */
export async function buyerToken(baseUrl: string, tag = ''): Promise<string> {
  const body = { fullName: 'Bench Buyer', email: `bench-${Date.now()}${tag}@example.test`, password: 'Bench-pass-123' };
  const answer = await json<{ token: string }>(`${baseUrl}/api/auths/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer.token;
}

/** One single-traveller booking per (flight, seat), flights first so neighbours rarely share a flight. */
export function bodies(flights: FlightJson[], seats: readonly string[]): string[] {
  const out: string[] = [];
  for (const seat of seats) {
    for (const flight of flights) {
      out.push(
        JSON.stringify({
          seatNumber: [seat],
          flightId: flight._id,
          classType: 'Economy',
          amount: flight.price,
          currency: 'USD',
          paymentMethod: 'bank_transfer',
          travellers: [
            {
              title: 'Ms',
              firstName: 'Bench',
              lastName: 'Traveller',
              dob: { day: 1, month: 2, year: 1990 },
              nationality: 'Kenya',
              passportNumber: 'K1234567',
              passportCountry: 'Kenya',
              passportExpiry: '2035-01-01',
            },
          ],
          confirmEmail: 'bench@example.test',
          phone: '+254 700 000000',
        }),
      );
    }
  }
  return out;
}

/** Booking creation on distinct seats across many flights: the seat-hold transaction under load. */
export const bookingCreate: Scenario = {
  name: 'booking-create',
  target: { minRps: 300, maxP99Ms: 50, maxErrors: 0 },
  async run(baseUrl) {
    const token = await buyerToken(baseUrl);
    const flights = await laterFlights(baseUrl);
    const queue = bodies(flights, BOOKING_SEATS);
    let next = 0;
    const raw = await autocannon({
      url: baseUrl,
      connections: 10,
      duration: 10,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [{ method: 'POST', path: '/api/payments', setupRequest: (req) => ({ ...req, body: queue[next++ % queue.length] }) }],
    });
    return {
      ...toResult(raw),
      notes: [`${flights.length} flights x ${BOOKING_SEATS.length} seats available; ${next} bookings sent`],
    };
  },
};
