import { and, asc, count, eq, gt, gte, inArray, like, lte, max, min, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { SEATS_PER_FLIGHT } from '../../sync/constants';
import { first, prepareOnce, preparedCache, type Queryable } from './client';
import { inJsonList, jsonList, onPostgres } from './dialect';
import { airports, flights, seatAllocations } from './schema';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

/** A held seat whose hold has no expiry waits for an admin's decision; it stays taken. */
export function activeAllocation(nowIso: string | Placeholder) {
  return sql`(${seatAllocations.state} = 'sold' or (${seatAllocations.state} = 'held' and (${seatAllocations.holdExpiresAt} is null or ${seatAllocations.holdExpiresAt} > ${nowIso})))`;
}

/** Seats held (and not expired) or sold on a flight, counted in the database at the `now` placeholder. */
const takenCount = sql<number>`(select count(*) from ${seatAllocations} s where s.flight_id = ${flights.id}
    and (s.state = 'sold' or (s.state = 'held' and (s.hold_expires_at is null or s.hold_expires_at > ${sql.placeholder('now')}))))`;

export type FlightFilter = {
  originId?: string;
  destinationId?: string;
  localDate?: string;
  flightNumber?: string;
  departingAfter?: string;
  id?: string;
  ids?: string[];
  minVersion?: number;
  localDateTo?: string;
  localDateAfter?: string;
  localDateFrom?: string;
  status?: string;
};

type ScalarKey = Exclude<keyof FlightFilter, 'ids'>;

const CONDITIONS: Record<ScalarKey, SQL> = {
  id: eq(flights.id, sql.placeholder('id')),
  originId: eq(flights.originId, sql.placeholder('originId')),
  destinationId: eq(flights.destinationId, sql.placeholder('destinationId')),
  localDate: eq(flights.departureLocalDate, sql.placeholder('localDate')),
  flightNumber: like(flights.flightNumber, sql.placeholder('flightNumber')),
  departingAfter: gt(flights.departureTime, sql.placeholder('departingAfter')),
  minVersion: gt(flights.version, sql.placeholder('minVersion')),
  localDateTo: lte(flights.departureLocalDate, sql.placeholder('localDateTo')),
  localDateAfter: gt(flights.departureLocalDate, sql.placeholder('localDateAfter')),
  localDateFrom: gte(flights.departureLocalDate, sql.placeholder('localDateFrom')),
  status: eq(flights.status, sql.placeholder('status')),
};
const SCALAR_KEYS = Object.keys(CONDITIONS) as ScalarKey[];

/**
 * Departure order; flights leaving at the same instant in the order they were added: SQLite's rowid (the
 * index's own tiebreak), PostgreSQL's creation instant and then id.
 */
const departureOrder = (q: Queryable) =>
  onPostgres(q) ? [asc(flights.departureTime), asc(flights.createdAt), asc(flights.id)] : [asc(flights.departureTime), sql`${flights}.rowid`];

function condition(keys: ScalarKey[], ids?: string[]): SQL | undefined {
  const parts = keys.map((key) => CONDITIONS[key]);
  if (ids) parts.push(inArray(flights.id, ids));
  return parts.length ? and(...parts) : undefined;
}

function build(q: Queryable, where: SQL | undefined) {
  return q
    .select({ flight: flights, origin, destination, taken: takenCount })
    .from(flights)
    .innerJoin(origin, eq(flights.originId, origin.id))
    .innerJoin(destination, eq(flights.destinationId, destination.id))
    .where(where)
    .orderBy(...departureOrder(q));
}

/** A page's ids, picked from the departure index alone: rows skipped by the offset are never read, joined or counted. */
const pageIdsOf = (q: Queryable, keys: ScalarKey[]) =>
  q
    .select({ id: flights.id })
    .from(flights)
    .where(condition(keys))
    .orderBy(...departureOrder(q))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
const byIdList = prepareOnce((q) => build(q, inJsonList(q, flights.id, 'ids')).prepare());
const countOf = (q: Queryable, keys: ScalarKey[]) => q.select({ n: count() }).from(flights).where(condition(keys)).prepare();
/** The first moment after `now` at which a hold on the flight lapses: its free seats change then, with no write. */
const nextLapse = sql<string | null>`(select min(s.hold_expires_at) from ${seatAllocations} s where s.flight_id = ${flights.id}
    and s.state = 'held' and s.hold_expires_at > ${sql.placeholder('now')})`;
/** The route's airports are read back with it: their versions tell whether the airports a search named still stand. */
const airportVersion = (key: 'originId' | 'destinationId') =>
  sql<number | null>`(select ${airports.version} from ${airports} where ${airports.id} = ${sql.placeholder(key)})`;
const stampOf = (q: Queryable, keys: ScalarKey[]) =>
  q
    .select({
      n: count(),
      version: max(flights.version),
      versions: sum(flights.version),
      nextLapse: sql<string | null>`min(${nextLapse})`,
      originVersion: airportVersion('originId'),
      destinationVersion: airportVersion('destinationId'),
    })
    .from(flights)
    .where(condition(keys))
    .prepare();

const prepared = preparedCache<ReturnType<ReturnType<typeof build>['prepare']>>();
const preparedPageIds = preparedCache<ReturnType<typeof pageIdsOf>>();
const preparedCounts = preparedCache<ReturnType<typeof countOf>>();
const preparedStamps = preparedCache<ReturnType<typeof stampOf>>();

function bind(filter: FlightFilter, nowIso: string) {
  const keys = SCALAR_KEYS.filter((key) => filter[key] !== undefined && filter[key] !== '');
  const values: Record<string, string | number> = { now: nowIso };
  for (const key of keys) {
    const value = filter[key];
    if (value !== undefined) values[key] = key === 'flightNumber' ? `%${value}%` : value;
  }
  return { keys, values, name: keys.join(',') };
}

export async function selectFlights(q: Queryable, filter: FlightFilter, nowIso: string) {
  const { keys, values, name } = bind(filter, nowIso);
  if (filter.ids) return await build(q, condition(keys, filter.ids)).prepare().execute(values);
  return await prepared(q, name, () => build(q, condition(keys)).prepare()).execute(values);
}

/** The flights with these ids (any count, one prepared statement), in departure order. */
export async function selectFlightsByIds(q: Queryable, ids: readonly string[], nowIso: string) {
  return ids.length ? await byIdList(q).execute({ now: nowIso, ...jsonList('ids', ids) }) : [];
}

/** One page of the flights matching `filter` in departure order, and how many match in all. */
export async function selectFlightsPage(q: Queryable, filter: Omit<FlightFilter, 'ids'>, nowIso: string, page: { limit: number; offset: number }) {
  const { keys, values, name } = bind(filter, nowIso);
  const ids = (await preparedPageIds(q, name, () => pageIdsOf(q, keys)).execute({ ...values, ...page })).map((r) => r.id);
  const rows = await selectFlightsByIds(q, ids, nowIso);
  const total = (await first(preparedCounts(q, name, () => countOf(q, keys)).execute(values)))?.n ?? 0;
  return { rows, total };
}

export type RouteFilter = Omit<FlightFilter, 'ids'> & { originId: string; destinationId: string };

/**
 * How many flights of a route match `filter`, the highest of their versions and their sum, with the
 * versions of the route's two airports now (null for one deleted), in one read. Every write to a flight (a
 * seat held, sold or freed included: touchFlights) gives it a new version, so any change to the matching
 * flights, or a flight joining or leaving them, changes the stamp. NOTE: the sum, because a new version
 * need not be the highest (PostgreSQL's are transaction ids, not in commit order), while the sum moves
 * with any one. The one change with no write, a hold that lapses, is stamped by the first lapse still to
 * come: once it passes, the stamp reads otherwise. So a stamp that reads the same means an answer that
 * reads the same. Meant for a narrow filter (a route and day): it reads every matching row.
 */
export async function selectRouteStamp(q: Queryable, filter: RouteFilter, nowIso: string) {
  const { keys, values, name } = bind(filter, nowIso);
  const stamp = await first(preparedStamps(q, name, () => stampOf(q, keys)).execute(values));
  return {
    flights: `${stamp?.n ?? 0}@${stamp?.version ?? 0}+${stamp?.versions ?? 0}~${stamp?.nextLapse ?? ''}`,
    nextLapse: stamp?.nextLapse ?? null,
    originVersion: stamp?.originVersion ?? null,
    destinationVersion: stamp?.destinationVersion ?? null,
  };
}

export type FlightWithAirports = Awaited<ReturnType<typeof selectFlights>>[number];

export async function selectTakenSeats(q: Queryable, flightId: string, nowIso: string): Promise<string[]> {
  return (
    await q
      .select({ seat: seatAllocations.seatLabel })
      .from(seatAllocations)
      .where(and(eq(seatAllocations.flightId, flightId), activeAllocation(nowIso)))
      .orderBy(asc(seatAllocations.seatLabel))
  ).map((r) => r.seat);
}

/**
 * The lowest price and the number of flights on each local departure date of a route between two dates,
 * counting only flights a search could still book for `seats` travellers (scheduled or delayed, not yet
 * departed, enough seats left). One grouped read of the route-and-date index.
 */
const lowestFaresOf = prepareOnce((q) =>
  q
    .select({ date: flights.departureLocalDate, lowestCents: min(flights.priceCents), flights: count() })
    .from(flights)
    .where(
      and(
        eq(flights.originId, sql.placeholder('originId')),
        eq(flights.destinationId, sql.placeholder('destinationId')),
        gte(flights.departureLocalDate, sql.placeholder('first')),
        lte(flights.departureLocalDate, sql.placeholder('last')),
        inArray(flights.status, ['scheduled', 'delayed']),
        gt(flights.departureTime, sql.placeholder('now')),
        sql`${SEATS_PER_FLIGHT} - ${takenCount} >= ${sql.placeholder('seats')}`,
      ),
    )
    .groupBy(flights.departureLocalDate)
    .prepare(),
);

export type LowestFareFilter = { originId: string; destinationId: string; first: string; last: string; seats: number };

export async function selectLowestFares(q: Queryable, filter: LowestFareFilter, nowIso: string) {
  return await lowestFaresOf(q).execute({ ...filter, now: nowIso });
}
