import { and, asc, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { CatalogueTable, SyncChanges } from '../../../sync/protocol';
import type { Queryable } from '../../db/client';
import { selectFlights } from '../../db/flight-queries';
import { airports, bookings, flights } from '../../db/schema';
import { visibleRows } from '../../policies';
import { toAirportJson } from '../catalogue/airports';
import { toFlightJson } from '../catalogue/flight-reads';
import type { UserRow } from '../../actor';
import { changedIn, type VersionRange } from './changed';

/** What a page sequence sends of the catalogue: rows changed since `since`, the flights of the window. */
/** `keepSince`: the user's device holds a working set (an admin's, sync/working-set.ts). */
export type CatalogueScope = VersionRange & { user: UserRow; previousEnd: string | null; from: string; to: string; nowIso: string; keepSince: string | null };

/** The ids of the user's booked flights (all booked flights for admins), as a subquery. */
function bookedFlightIds(q: Queryable, user: UserRow, column: typeof bookings.flightId | typeof bookings.returnFlightId) {
  return q
    .select({ id: column })
    .from(bookings)
    .where(visibleRows('booking.read', user, bookings.userId));
}

/**
 * The flights a page looks at, found through an index: those departing in the window on a device's first
 * sequence; later, those changed since the cursor and those that entered the window. NOTE: left to the
 * page's order by id, a pull walked every flight ever flown (56,000 in a year) to find a few.
 */
function windowCandidates(q: Queryable, scope: CatalogueScope, entered: SQL | undefined) {
  if (scope.since === 0) return q.select({ id: flights.id }).from(flights).where(gt(flights.departureTime, scope.from));
  const changed = q.select({ id: flights.id }).from(flights).where(changedIn(flights.version, scope));
  return entered
    ? changed.unionAll(
        q
          .select({ id: flights.id })
          .from(flights)
          .where(and(entered, lte(flights.departureLocalDate, scope.to))),
      )
    : changed;
}

/**
 * Flights in the window (departing from `from`, local date up to `to`) changed since the cursor or entered
 * the window since its end, and the user's booked flights changed since the cursor.
 */
export function flightCondition(q: Queryable, scope: CatalogueScope): SQL | undefined {
  const changed = changedIn(flights.version, scope);
  const entered = scope.previousEnd && scope.previousEnd < scope.to ? gt(flights.departureLocalDate, scope.previousEnd) : undefined;
  const inWindow = and(
    inArray(flights.id, windowCandidates(q, scope, entered)),
    gt(flights.departureTime, scope.from),
    lte(flights.departureLocalDate, scope.to),
    or(changed, entered),
  );
  // An admin's device holds a working set, not every flight ever booked: its bookings carry their flights.
  if (scope.keepSince !== null) return inWindow;
  const booked = and(
    changed,
    or(inArray(flights.id, bookedFlightIds(q, scope.user, bookings.flightId)), inArray(flights.id, bookedFlightIds(q, scope.user, bookings.returnFlightId))),
  );
  return or(inWindow, booked);
}

async function airportsAfter(q: Queryable, scope: CatalogueScope, after: string, limit: number) {
  return (
    await q
      .select()
      .from(airports)
      .where(and(gt(airports.id, after), changedIn(airports.version, scope)))
      .orderBy(asc(airports.id))
      .limit(limit)
  ).map(toAirportJson);
}

async function flightsAfter(q: Queryable, scope: CatalogueScope, after: string, limit: number) {
  const ids = (
    await q
      .select({ id: flights.id })
      .from(flights)
      .where(and(gt(flights.id, after), flightCondition(q, scope)))
      .orderBy(asc(flights.id))
      .limit(limit)
  ).map((r) => r.id);
  return ids.length ? (await selectFlights(q, { ids }, scope.nowIso)).map(toFlightJson) : [];
}

/** Up to `limit` rows of a catalogue table after the id `after`, and their ids in id order. */
export async function catalogueAfter(
  q: Queryable,
  scope: CatalogueScope,
  table: CatalogueTable,
  after: string,
  limit: number,
): Promise<{ changes: Partial<SyncChanges>; ids: string[] }> {
  if (table === 'airports') {
    const rows = await airportsAfter(q, scope, after, limit);
    return { changes: { airports: rows }, ids: rows.map((r) => r._id) };
  }
  const rows = await flightsAfter(q, scope, after, limit);
  return { changes: { flights: rows }, ids: rows.map((r) => r._id).sort() };
}
