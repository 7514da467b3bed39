import type { Flight } from '../../sync/schemas/flight';
import type { TravellerInput } from '../../sync/schemas/booking';
import { client } from './harness';

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
