import { randomUUID } from 'node:crypto';
import { localDate, zonedToUtc } from '../../sync/time';
import type { Tx } from '../db/client';
import { flights } from '../db/schema';
import type { SeededAirport } from './airports';
import { DAYS_AHEAD, DAYS_BACK, DEPARTURE_WINDOWS, ROUTES, SHUTTLE_KM } from './catalogue';
import { seededRandom } from './random';

const EARTH_KM = 6371;

export function distanceKm(a: SeededAirport, b: SeededAirport): number {
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

/** A local clock time 'HH:mm' in 5-minute steps inside a window of minutes after midnight. */
function clockIn([from, to]: readonly [number, number], random: () => number): string {
  const minutes = from + Math.floor((random() * (to - from)) / 5) * 5;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A leg's daily services: their flight numbers and local departure times at the origin. */
type Service = { flightNumber: string; localTime: string };

function servicesOf(km: number, firstNumber: number, random: () => number): Service[] {
  const windows = km < SHUTTLE_KM ? DEPARTURE_WINDOWS : [DEPARTURE_WINDOWS[random() < 0.5 ? 0 : 1] ?? [8 * 60, 20 * 60]];
  return windows.map((window, i) => ({ flightNumber: `SW${firstNumber + i}`, localTime: clockIn(window, random) }));
}

/**
 * Flights written per statement: one statement per flight took 3.7 s on PostgreSQL (a round trip each)
 * for the demo's 11,000. 13 columns each keeps a statement far below either engine's count of parameters.
 */
const ROWS_PER_INSERT = 500;

export type SeededFlight = { id: string; departureTime: string; arrivalTime: string; priceCents: number; originCode: string };

/**
 * Every route both ways for DAYS_BACK days back and DAYS_AHEAD ahead: one daily service, two on short
 * routes, each at the same local time at its origin every day (so the UTC time moves with summer time).
 */
export async function seedFlights(tx: Tx, airportsByCode: Map<string, SeededAirport>, now: Date, version: number): Promise<SeededFlight[]> {
  const random = seededRandom(2025);
  const today = now.toISOString().slice(0, 10);
  const created: SeededFlight[] = [];
  const stamp = now.toISOString();
  const rows: (typeof flights.$inferInsert)[] = [];
  const legs = ROUTES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]);
  for (const [legIndex, [fromCode, toCode]] of legs.entries()) {
    const from = airportsByCode.get(fromCode);
    const to = airportsByCode.get(toCode);
    if (!from || !to) throw new Error(`route ${fromCode}-${toCode} uses an unseeded airport`);
    const km = distanceKm(from, to);
    const minutes = blockMinutes(km);
    for (const service of servicesOf(km, 100 + legIndex * 3, random)) {
      for (let day = -DAYS_BACK; day <= DAYS_AHEAD; day++) {
        const date = new Date(Date.parse(today) + day * 86_400_000).toISOString().slice(0, 10);
        const departureTime = zonedToUtc(`${date}T${service.localTime}`, from.record.tz);
        const departure = new Date(departureTime);
        const flight = {
          id: randomUUID(),
          flightNumber: service.flightNumber,
          originId: from.id,
          destinationId: to.id,
          departureTime,
          arrivalTime: new Date(departure.getTime() + minutes * 60_000).toISOString(),
          departureLocalDate: localDate(departureTime, from.record.tz),
          priceCents: fareCents(km, random),
          status: departure < now ? ('departed' as const) : ('scheduled' as const),
          createdAt: stamp,
          updatedAt: stamp,
          version,
        };
        rows.push(flight);
        created.push({ ...flight, originCode: fromCode });
      }
    }
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) await tx.insert(flights).values(rows.slice(start, start + ROWS_PER_INSERT));
  return created;
}
