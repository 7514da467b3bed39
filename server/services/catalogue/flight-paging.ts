import type { Flight } from '../../../sync/schemas/flight';
import type { DbAndClock } from '../deps';
import { selectFlightsPage, type FlightFilter } from '../../db/flight-queries';
import { toFlightJson } from './flight-reads';

export type FlightPage = { page: number; limit: number };

/**
 * One page of a search, in departure order, with the count of all matches. Only the page's flights are
 * read and populated (airports, seats left), so no answer carries the whole catalogue.
 */
export async function searchFlightsPage(ctx: DbAndClock, filter: FlightFilter | null, page: FlightPage): Promise<{ items: Flight[]; total: number }> {
  if (!filter) return { items: [], total: 0 };
  const { rows, total } = await selectFlightsPage(ctx.db, filter, ctx.now().toISOString(), { limit: page.limit, offset: (page.page - 1) * page.limit });
  return { items: rows.map(toFlightJson), total };
}
