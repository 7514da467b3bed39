import { Router, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { FLIGHT_PAGE_MAX } from '../../sync/constants';
import { FlightSearchQuerySchema, type FlightSearchQuery } from '../../sync/schemas/flight';
import type { AppContext } from '../context';
import type { FlightPage } from '../services/catalogue/flight-paging';
import { sendKept } from '../kept-answer';
import { validate } from '../validate';

/**
 * GET /flights always answers one page (the spec's array) with X-Total-Count: the whole catalogue is
 * about 5,600 flights, too much to send to anyone who asks. Without parameters it is the first page.
 */
const LIMIT = `limit must be 1 to ${FLIGHT_PAGE_MAX}`;
const FlightPagingQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page is too large')
    .default(1),
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(FLIGHT_PAGE_MAX, LIMIT).default(FLIGHT_PAGE_MAX),
});

type Parsed = { query: FlightSearchQuery; paging: FlightPage };
const PARSED_KEPT = 10_000;
/** A longer query string (unknown parameters pass the schema) is parsed every time, so the kept ones stay small. */
const KEPT_QUERY_MAX = 512;

/** A search's parameters, parsed from its query string, which names them whole: a search asked again is not parsed again. */
function parsedSearch(req: Request, kept: LRUCache<string, Parsed>): Parsed {
  const at = req.url.indexOf('?');
  const raw = at < 0 ? '' : req.url.slice(at + 1);
  const known = kept.get(raw);
  if (known) return known;
  const parsed = { query: validate(FlightSearchQuerySchema, req.query), paging: validate(FlightPagingQuerySchema, req.query) };
  if (raw.length <= KEPT_QUERY_MAX) kept.set(raw, parsed);
  return parsed;
}

/**
 * The flight search, on the fast path (mounted before the body parser, the compression middleware and
 * the session: it is public, reads no body and its answer is the same for everyone). Its answers are
 * kept in memory as the bytes sent, each encoding made once, so a search costs a lookup, not a JSON
 * build, a compression or a character encoding.
 */
export function flightSearchRoutes(ctx: AppContext): Router {
  const router = Router();
  const parsed = new LRUCache<string, Parsed>({ max: PARSED_KEPT });

  router.get('/flights', async (req, res) => {
    const { query, paging } = parsedSearch(req, parsed);
    const answer = await ctx.searches.answer(query, paging);
    res.setHeader('X-Total-Count', String(answer.total));
    sendKept(req, res, answer);
  });

  return router;
}
