import { and, asc, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import { CATALOGUE_TABLES, type CatalogueTable, type CoveredRange, type SyncChanges } from '../../../sync/protocol';
import type { Queryable } from '../../db/client';
import { selectFlights } from '../../db/flight-queries';
import { airports, bookings, flights } from '../../db/schema';
import { may, visibleRows } from '../../policies';
import { toAirportJson } from '../catalogue/airports';
import { toFlightJson } from '../catalogue/flights';
import type { UserRow } from '../identity/users';

/** What a page sequence sends of the catalogue: rows changed since `since`, the flights of the window. */
export type CatalogueScope = { user: UserRow; since: number; previousEnd: string | null; from: string; to: string; nowIso: string };

export type CataloguePage = {
  changes: Pick<SyncChanges, 'airports' | 'flights'>;
  covers: CoveredRange[];
  /** Where the next page starts; undefined once the catalogue is done. */
  next: { table: CatalogueTable; after: string } | undefined;
};

/** The ids of the user's booked flights (all booked flights for admins), as a subquery. */
export function bookedFlightIds(q: Queryable, user: UserRow, column: typeof bookings.flightId | typeof bookings.returnFlightId) {
  return q
    .select({ id: column })
    .from(bookings)
    .where(visibleRows('booking.read', user, bookings.userId));
}

/**
 * Flights in the window (departing from `from`, local date up to `to`) changed since the cursor or entered
 * the window since its end, and the user's booked flights changed since the cursor.
 */
function flightCondition(q: Queryable, scope: CatalogueScope): SQL | undefined {
  const changed = gt(flights.version, scope.since);
  const entered = scope.previousEnd && scope.previousEnd < scope.to ? gt(flights.departureLocalDate, scope.previousEnd) : undefined;
  const inWindow = and(gt(flights.departureTime, scope.from), lte(flights.departureLocalDate, scope.to), or(changed, entered));
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
      .where(and(gt(airports.id, after), gt(airports.version, scope.since)))
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

/** Adds up to `limit` rows of `table` after the id `after` to the page; answers their ids in id order. */
async function take(q: Queryable, scope: CatalogueScope, page: CataloguePage, table: CatalogueTable, after: string, limit: number): Promise<string[]> {
  if (table === 'airports') {
    const rows = await airportsAfter(q, scope, after, limit);
    page.changes.airports.push(...rows);
    return rows.map((r) => r._id);
  }
  const rows = await flightsAfter(q, scope, after, limit);
  page.changes.flights.push(...rows);
  return rows.map((r) => r._id).sort();
}

/**
 * The next page of the catalogue from `start`: airports then flights, each in id order, at most `budget`
 * rows. Guests see no catalogue.
 */
export async function cataloguePage(
  q: Queryable,
  scope: CatalogueScope,
  start: { table: CatalogueTable; after: string },
  budget: number,
): Promise<CataloguePage> {
  if (!may('sync.accountTables', scope.user)) {
    return { changes: { airports: [], flights: [] }, covers: CATALOGUE_TABLES.map((table) => ({ table, after: '', through: null })), next: undefined };
  }
  const page: CataloguePage = { changes: { airports: [], flights: [] }, covers: [], next: start };
  let left = budget;
  while (page.next && left > 0) {
    const { table, after } = page.next;
    const ids = await take(q, scope, page, table, after, left);
    left -= ids.length;
    const last = ids.at(-1);
    if (left === 0 && last) {
      page.covers.push({ table, after, through: last });
      page.next = { table, after: last };
    } else {
      page.covers.push({ table, after, through: null });
      const following = CATALOGUE_TABLES[CATALOGUE_TABLES.indexOf(table) + 1];
      page.next = following ? { table: following, after: '' } : undefined;
    }
  }
  return page;
}
