import { randomUUID } from 'node:crypto';
import { localDate } from '../../sync/time';
import type { Tx } from '../db/client';
import { flights } from '../db/schema';
import type { SeededAirport } from './airports';
import { DAILY_DEPARTURES, DAYS_AHEAD, DAYS_BACK, ROUTES } from './catalogue';
import { seededRandom } from './random';

const EARTH_KM = 6371;

function distanceKm(a: SeededAirport, b: SeededAirport): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.record.latitude - a.record.latitude);
  const dLon = rad(b.record.longitude - a.record.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.record.latitude)) * Math.cos(rad(b.record.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** Block time: cruise at about 820 km/h plus 35 minutes of taxi, climb and descent, in 5-minute steps. */
export function blockMinutes(km: number): number {
  return Math.round(((km / 820) * 60 + 35) / 5) * 5;
}

/** A fare that grows with distance, varied per flight; whole dollars, in cents. */
function fareCents(km: number, random: () => number): number {
  const base = 59 + km * 0.085;
  return Math.round(base * (0.85 + random() * 0.35)) * 100;
}

export type SeededFlight = { id: string; departureTime: string; arrivalTime: string; priceCents: number; originCode: string };

export function seedFlights(tx: Tx, airportsByCode: Map<string, SeededAirport>, now: Date, version: number): SeededFlight[] {
  const random = seededRandom(2025);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const created: SeededFlight[] = [];
  const stamp = now.toISOString();
  const legs = ROUTES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]);
  legs.forEach(([fromCode, toCode], legIndex) => {
    const from = airportsByCode.get(fromCode);
    const to = airportsByCode.get(toCode);
    if (!from || !to) throw new Error(`route ${fromCode}-${toCode} uses an unseeded airport`);
    const minutes = blockMinutes(distanceKm(from, to));
    const [hour, minute] = DAILY_DEPARTURES[legIndex % DAILY_DEPARTURES.length] ?? [9, 0];
    for (let day = -DAYS_BACK; day <= DAYS_AHEAD; day++) {
      const departure = new Date(today + day * 86_400_000 + (hour * 60 + minute) * 60_000);
      const arrival = new Date(departure.getTime() + minutes * 60_000);
      const departureTime = departure.toISOString();
      const flight = {
        id: randomUUID(),
        flightNumber: `SW${100 + legIndex * 3}`,
        originId: from.id,
        destinationId: to.id,
        departureTime,
        arrivalTime: arrival.toISOString(),
        departureLocalDate: localDate(departureTime, from.record.tz),
        priceCents: fareCents(distanceKm(from, to), random),
        status: departure < now ? ('departed' as const) : ('scheduled' as const),
        createdAt: stamp,
        updatedAt: stamp,
        version,
      };
      tx.insert(flights).values(flight).run();
      created.push({ ...flight, originCode: fromCode });
    }
  });
  return created;
}
