import { centsToDollars } from '../../../sync/money';
import type { LowestFare, LowestFaresQuery } from '../../../sync/schemas/lowest-fares';
import { addCalendarDays } from '../../../sync/time';
import type { DbAndClock } from '../deps';
import { selectLowestFares } from '../../db/flight-queries';
import { findAirport } from './airports';

/**
 * The date strip of a listing: for each day from `days` before to `days` after the date, the lowest
 * Economy price among the flights bookable for that many travellers. At most seven days of one route,
 * read in one grouped query; an unknown airport has no flights (as in the search), so every day is empty.
 */
export async function lowestFares(ctx: DbAndClock, query: LowestFaresQuery): Promise<LowestFare[]> {
  const dates = Array.from({ length: query.days * 2 + 1 }, (_, i) => addCalendarDays(query.date, i - query.days));
  const origin = await findAirport(ctx.db, query.from);
  const destination = await findAirport(ctx.db, query.to);
  const rows =
    origin && destination
      ? await selectLowestFares(
          ctx.db,
          { originId: origin.id, destinationId: destination.id, first: dates[0] ?? query.date, last: dates.at(-1) ?? query.date, seats: query.travelers },
          ctx.now().toISOString(),
        )
      : [];
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return dates.map((date) => {
    const row = byDate.get(date);
    return { date, lowestPrice: row?.lowestCents == null ? null : centsToDollars(row.lowestCents), flights: row?.flights ?? 0 };
  });
}
