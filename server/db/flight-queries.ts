import { and, asc, eq, gt, inArray, like, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { preparedCache, type Queryable } from './client';
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
};
const SCALAR_KEYS = Object.keys(CONDITIONS) as ScalarKey[];

function build(q: Queryable, keys: ScalarKey[], ids?: string[]) {
  const parts = keys.map((key) => CONDITIONS[key]);
  if (ids) parts.push(inArray(flights.id, ids));
  return q
    .select({ flight: flights, origin, destination, taken: takenCount })
    .from(flights)
    .innerJoin(origin, eq(flights.originId, origin.id))
    .innerJoin(destination, eq(flights.destinationId, destination.id))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(asc(flights.departureTime));
}

const prepared = preparedCache<ReturnType<ReturnType<typeof build>['prepare']>>();

export function selectFlights(q: Queryable, filter: FlightFilter, nowIso: string) {
  const keys = SCALAR_KEYS.filter((key) => filter[key] !== undefined && filter[key] !== '');
  const values: Record<string, string | number> = { now: nowIso };
  for (const key of keys) {
    const value = filter[key];
    if (value !== undefined) values[key] = key === 'flightNumber' ? `%${value}%` : value;
  }
  if (filter.ids) return build(q, keys, filter.ids).all(values);
  return prepared(q, keys.join(','), () => build(q, keys).prepare()).all(values);
}

export type FlightWithAirports = ReturnType<typeof selectFlights>[number];

export function selectTakenSeats(q: Queryable, flightId: string, nowIso: string): string[] {
  return q
    .select({ seat: seatAllocations.seatLabel })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.flightId, flightId),
        activeAllocation(nowIso),
      ),
    )
    .orderBy(asc(seatAllocations.seatLabel))
    .all()
    .map((r) => r.seat);
}
