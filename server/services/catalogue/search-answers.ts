import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FlightSearchQuery } from '../../../sync/schemas/flight';
import type { AppContext } from '../../context';
import { currentVersion } from '../../db/current-version';
import { selectFlightsStamp, type FlightFilter } from '../../db/flight-queries';
import { searchFlightsPage, type FlightPage } from './flight-paging';
import { searchScope } from './flights';
import type { AirportRow } from './airports';

/** A search's answer as sent: the JSON body, its ETag and the count of all matches. */
export type SearchAnswer = { body: string; etag: string; total: number };

/**
 * NOTE: an answer stays right while what it was read from does not move: for a route (origin and
 * destination named) the two airports' versions and the route's flights (selectFlightsStamp: a booking,
 * cancellation or flight change on them moves it, one elsewhere does not); for any other search the
 * global sync version. What time alone changes (a hold that lapses, a flight that departs) shows within
 * ANSWER_TTL_MS of the server's clock. The cache is bounded in bytes, so a stream of distinct searches
 * costs at most that memory.
 */
export const ANSWER_TTL_MS = 5_000;
const MAX_BYTES = 16 * 1024 * 1024;

function makeCache() {
  return new LRUCache<string, SearchAnswer>({ maxSize: MAX_BYTES, sizeCalculation: (a) => a.body.length + 64, ttl: ANSWER_TTL_MS });
}

const caches = new WeakMap<AppContext, ReturnType<typeof makeCache>>();

async function answer(ctx: AppContext, filter: FlightFilter | null, page: FlightPage): Promise<SearchAnswer> {
  const { items, total } = await searchFlightsPage(ctx, filter, page);
  const body = JSON.stringify(items);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, total };
}

/** What a search's answer is read from, as a key part: see the NOTE above. */
export async function sourceStamp(ctx: AppContext, scope: { filter: FlightFilter; named: AirportRow[] } | null): Promise<string> {
  if (!scope || scope.named.length < 2) return `v${await currentVersion(ctx.db)}`;
  const airports = scope.named.map((airport) => `${airport.id}@${airport.version}`).join(',');
  return `${airports}|${await selectFlightsStamp(ctx.db, scope.filter, ctx.now().toISOString())}`;
}

/** One page of a flight search, answered once per search and source stamp and then from memory. */
export async function searchAnswer(ctx: AppContext, query: FlightSearchQuery, page: FlightPage): Promise<SearchAnswer> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = makeCache()));
  const scope = await searchScope(ctx, query);
  const period = Math.floor(ctx.now().getTime() / ANSWER_TTL_MS);
  const key = `${await sourceStamp(ctx, scope)}|${period}|${JSON.stringify([query, page])}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const fresh = await answer(ctx, scope?.filter ?? null, page);
  cache.set(key, fresh);
  return fresh;
}
