import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { Flight, FlightSearchQuery } from '../../sync/schemas/flight';
import type { AppContext } from '../context';
import { selectFlights, type FlightFilter } from '../db/flight-queries';
import { flights } from '../db/schema';
import { flightFilter, toFlightJson } from './flights';

export type FlightPage = { page: number; limit: number };

function where(filter: FlightFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.originId) parts.push(eq(flights.originId, filter.originId));
  if (filter.destinationId) parts.push(eq(flights.destinationId, filter.destinationId));
  if (filter.localDate) parts.push(eq(flights.departureLocalDate, filter.localDate));
  if (filter.flightNumber) parts.push(like(flights.flightNumber, `%${filter.flightNumber}%`));
  return parts.length ? and(...parts) : undefined;
}

/**
 * One page of a search, in departure order, with the count of all matches. Only the page's flights are
 * populated (airports, seats left), so the admin table never loads the whole catalogue.
 */
export function searchFlightsPage(ctx: AppContext, query: FlightSearchQuery, page: FlightPage): { items: Flight[]; total: number } {
  const filter = flightFilter(ctx, query);
  if (!filter) return { items: [], total: 0 };
  const condition = where(filter);
  const total = ctx.db.select({ n: sql<number>`count(*)` }).from(flights).where(condition).get()?.n ?? 0;
  const ids = ctx.db
    .select({ id: flights.id })
    .from(flights)
    .where(condition)
    .orderBy(asc(flights.departureTime), asc(flights.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .all()
    .map((r) => r.id);
  if (!ids.length) return { items: [], total };
  const rows = new Map(selectFlights(ctx.db, { ids }, ctx.now().toISOString()).map((row) => [row.flight.id, row]));
  const items = ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toFlightJson(row)] : [];
  });
  return { items, total };
}
