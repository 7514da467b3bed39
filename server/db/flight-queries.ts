import { and, asc, eq, gt, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable } from './client';
import { airports, flights, seatAllocations } from './schema';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

/** A held seat whose hold has no expiry waits for an admin's decision; it stays taken. */
export function activeAllocation(nowIso: string) {
  return sql`(${seatAllocations.state} = 'sold' or (${seatAllocations.state} = 'held' and (${seatAllocations.holdExpiresAt} is null or ${seatAllocations.holdExpiresAt} > ${nowIso})))`;
}

/** Seats held (and not expired) or sold on a flight, counted in the database. */
function takenCount(nowIso: string) {
  return sql<number>`(select count(*) from ${seatAllocations} s where s.flight_id = ${flights.id}
    and (s.state = 'sold' or (s.state = 'held' and (s.hold_expires_at is null or s.hold_expires_at > ${nowIso}))))`;
}

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

function conditions(filter: FlightFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.id) parts.push(eq(flights.id, filter.id));
  if (filter.originId) parts.push(eq(flights.originId, filter.originId));
  if (filter.destinationId) parts.push(eq(flights.destinationId, filter.destinationId));
  if (filter.localDate) parts.push(eq(flights.departureLocalDate, filter.localDate));
  if (filter.flightNumber) parts.push(like(flights.flightNumber, `%${filter.flightNumber}%`));
  if (filter.departingAfter) parts.push(gt(flights.departureTime, filter.departingAfter));
  if (filter.ids) parts.push(inArray(flights.id, filter.ids));
  if (filter.minVersion !== undefined) parts.push(gt(flights.version, filter.minVersion));
  if (filter.localDateTo) parts.push(lte(flights.departureLocalDate, filter.localDateTo));
  if (filter.localDateAfter) parts.push(gt(flights.departureLocalDate, filter.localDateAfter));
  return parts.length ? and(...parts) : undefined;
}

export function selectFlights(q: Queryable, filter: FlightFilter, nowIso: string) {
  return q
    .select({ flight: flights, origin, destination, taken: takenCount(nowIso) })
    .from(flights)
    .innerJoin(origin, eq(flights.originId, origin.id))
    .innerJoin(destination, eq(flights.destinationId, destination.id))
    .where(conditions(filter))
    .orderBy(asc(flights.departureTime))
    .all();
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
