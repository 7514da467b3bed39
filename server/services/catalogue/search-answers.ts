import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FlightSearchQuery } from '../../../sync/schemas/flight';
import type { AppContext } from '../../context';
import { currentVersion } from '../../db/current-version';
import { searchFlightsPage, type FlightPage } from './flight-paging';

/** A search's answer as sent: the JSON body, its ETag and the count of all matches. */
export type SearchAnswer = { body: string; etag: string; total: number };

/**
 * NOTE: an answer stays right while the sync version does not move (every booking, cancellation and flight
 * change bumps it); what time alone changes (a hold that lapses, a flight that departs) shows within
 * ANSWER_TTL_MS of the server's clock. The cache is bounded in bytes, so a stream of distinct searches costs at most that memory.
 */
export const ANSWER_TTL_MS = 5_000;
const MAX_BYTES = 16 * 1024 * 1024;

function makeCache() {
  return new LRUCache<string, SearchAnswer>({ maxSize: MAX_BYTES, sizeCalculation: (a) => a.body.length + 64, ttl: ANSWER_TTL_MS });
}

const caches = new WeakMap<AppContext, ReturnType<typeof makeCache>>();

async function answer(ctx: AppContext, query: FlightSearchQuery, page: FlightPage): Promise<SearchAnswer> {
  const { items, total } = await searchFlightsPage(ctx, query, page);
  const body = JSON.stringify(items);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, total };
}

/** One page of a flight search, answered once per search and sync version and then from memory. */
export async function searchAnswer(ctx: AppContext, query: FlightSearchQuery, page: FlightPage): Promise<SearchAnswer> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = makeCache()));
  const period = Math.floor(ctx.now().getTime() / ANSWER_TTL_MS);
  const key = `${await currentVersion(ctx.db)}|${period}|${JSON.stringify([query, page])}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const fresh = await answer(ctx, query, page);
  cache.set(key, fresh);
  return fresh;
}
