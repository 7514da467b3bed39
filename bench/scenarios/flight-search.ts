import { load } from '../load';
import { shareOfBare } from '../yardstick';
import type { Scenario } from '../types';

/** Seeded routes (each flown both ways, at least daily, for the next 60 days). */
const ROUTES = [
  ['LOS', 'LHR'],
  ['LHR', 'JFK'],
  ['JFK', 'LAX'],
  ['SIN', 'BKK'],
  ['LHR', 'DXB'],
  ['LAX', 'SFO'],
  ['SYD', 'MEL'],
  ['CDG', 'FCO'],
] as const;
const DAYS = 30;

type AirportJson = { _id: string; code: string };
type FlightJson = { _id: string };

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Every route both ways on each of the next DAYS days, interleaved so neighbours differ. */
export async function searchPaths(baseUrl: string): Promise<string[]> {
  const ids = new Map((await getJson<AirportJson[]>(`${baseUrl}/api/airports`)).map((a) => [a.code, a._id]));
  const id = (code: string) => {
    const found = ids.get(code);
    if (!found) throw new Error(`airport ${code} is not seeded`);
    return found;
  };
  const legs = ROUTES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]);
  const paths: string[] = [];
  for (let day = 1; day <= DAYS; day++) {
    for (const [from, to] of legs) {
      const query = new URLSearchParams({ origin: id(from), destination: id(to), departureTime: isoDay(day) });
      paths.push(`/api/flights?${query.toString()}`);
    }
  }
  return paths;
}

/** Flight searches on 20 connections, against bare Express's rate in the same run. */
export const flightSearch: Scenario = {
  name: 'flight-search',
  target: { minShare: 0.5, maxP99Ms: 25, maxErrors: 0 },
  async run(baseUrl) {
    const paths = await searchPaths(baseUrl);
    const sample = await Promise.all(paths.slice(0, 32).map((p) => getJson<FlightJson[]>(`${baseUrl}${p}`)));
    const found = sample.reduce((n, flights) => n + flights.length, 0);
    if (found === 0) throw new Error('the sampled searches found no flights: is the demo seed loaded?');
    const result = await load({ url: baseUrl, paths, connections: 20, durationS: 15 });
    const note = `${paths.length} distinct searches; a sample of ${sample.length} answered ${(found / sample.length).toFixed(2)} flights each`;
    return { ...result, share: await shareOfBare(result.rps), notes: [note] };
  },
};
