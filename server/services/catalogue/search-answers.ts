import { LRUCache } from 'lru-cache';
import type { FlightSearchQuery } from '../../../sync/schemas/flight';
import type { Metrics } from '../../metrics/metrics';
import type { DbAndClock } from '../deps';
import { catalogueMark, catalogueWrittenSince, routeWrittenSince } from '../../db/catalogue-writes';
import { currentVersion } from '../../db/current-version';
import { selectRouteStamp, type FlightFilter } from '../../db/flight-queries';
import { answerOf, keptAnswers, periodOf, type KeptAnswer } from '../../kept-answer';
import { searchFlightsPage, type FlightPage } from './flight-paging';
import { searchScope } from './flight-reads';
import type { AirportRow } from './airports';

/** What a kept search reads: the database, the clock, and the counter of where its stamps came from. */
type Searcher = DbAndClock & { metrics: Pick<Metrics, 'searchStamp'> };

/** A search's answer as sent (kept-answer.ts), with the count of all matches. */
export type SearchAnswer = KeptAnswer & { total: number };

/**
 * NOTE: an answer stays right while what it was read from does not move: for a route (origin and
 * destination named) the two airports' versions and the route's flights (selectRouteStamp: a booking,
 * cancellation or flight change on them moves it, one elsewhere does not), read in one statement; for
 * any other search the global sync version. What time alone changes (a hold that lapses, a flight that
 * departs) shows within ANSWER_TTL_MS of the server's clock. A search's stamp is read again only once a
 * new period has begun or what it was read from may have been written since (db/catalogue-writes.ts): for
 * a route, a flight of the route (of its day, for a search of one day) or an airport; for any other
 * search, any flight or airport. So a search repeated between such writes runs no statement, through
 * bookings on other routes and days. On SQLite those are this process's writes (a script writing to the
 * file shows within the period); on PostgreSQL every process's, heard once committed, so a process keeps
 * a stamp until it hears the write: the delay of a notification, for the writer too. While the process
 * does not listen, every search reads its stamp. The caches are bounded, so a stream of distinct searches
 * costs at most their memory.
 */
/** A search page's answer, with the stamp and period it was last found right for. */
type Kept = { answer: SearchAnswer; stamp: string; period: number };

/** The two airports a route search named, by the words it named them with, as last read. */
type Pair = readonly [AirportRow, AirportRow];
const PAIRS_KEPT = 1_000;

type Scope = Awaited<ReturnType<typeof searchScope>>;
/** A search's scope and stamp, as read while the catalogue's writes were at `mark`, in answer period `period`. */
type Stamped = { scope: Scope; stamp: string; mark: number; period: number };
const STAMPS_KEPT = 10_000;

/** A stamp read under way, which the same search arriving meanwhile shares while nothing was written since its mark. */
type Reading = { mark: number; period: number; read: Promise<{ scope: Scope; stamp: string }> };

/**
 * What a process keeps for searches. `reading` and `building` hold only the reads and answers under way,
 * so that many requests for one search at the turn of its period (a popular route, or a load of many
 * connections asking the same searches in step) cost one read, not one each.
 */
type Memory = {
  answers: LRUCache<string, Kept>;
  pairs: LRUCache<string, Pair>;
  stamps: LRUCache<string, Stamped>;
  reading: Map<string, Reading>;
  building: Map<string, Promise<SearchAnswer>>;
};
const memories = new WeakMap<Searcher, Memory>();

function memoryOf(ctx: Searcher): Memory {
  let memory = memories.get(ctx);
  if (!memory) {
    memory = {
      answers: keptAnswers<Kept>(),
      pairs: new LRUCache<string, Pair>({ max: PAIRS_KEPT }),
      stamps: new LRUCache<string, Stamped>({ max: STAMPS_KEPT }),
      reading: new Map(),
      building: new Map(),
    };
    memories.set(ctx, memory);
  }
  return memory;
}

/**
 * A search page's answer read now. When it reads the same as the answer kept before (the usual case when
 * only a new period began), that answer is taken again with its ETag and encodings, not made anew.
 */
async function answer(ctx: Searcher, filter: FlightFilter | null, page: FlightPage, kept: SearchAnswer | undefined): Promise<SearchAnswer> {
  const { items, total } = await searchFlightsPage(ctx, filter, page);
  const bytes = Buffer.from(JSON.stringify(items));
  if (kept && kept.total === total && kept.bytes.equals(bytes)) return kept;
  return { ...answerOf(bytes), total };
}

/**
 * What a search's answer is read from, as a key part (see the NOTE above), and whether the route's
 * airports still stand as `scope` named them (same ids and versions): when they do not, a scope read
 * earlier is stale.
 */
export async function sourceStamp(ctx: Searcher, scope: Scope): Promise<{ stamp: string; airportsStand: boolean }> {
  const [origin, destination] = scope?.named ?? [];
  if (!scope || !origin || !destination) return { stamp: `v${await currentVersion(ctx.db)}`, airportsStand: true };
  const filter = { ...scope.filter, originId: origin.id, destinationId: destination.id };
  const now = await selectRouteStamp(ctx.db, filter, ctx.now().toISOString());
  const airports = `${origin.id}@${now.originVersion},${destination.id}@${now.destinationVersion}`;
  return { stamp: `${airports}|${now.flights}`, airportsStand: now.originVersion === origin.version && now.destinationVersion === destination.version };
}

/**
 * A search's scope and stamp. A route search's airports are looked up once per origin and destination
 * and then taken from memory while the stamp (which reads their versions) says they stand: a route
 * search costs one read, not two.
 */
async function readScopeAndStamp(ctx: Searcher, query: FlightSearchQuery): Promise<{ scope: Scope; stamp: string }> {
  const { pairs } = memoryOf(ctx);
  const route = query.origin && query.destination ? `${query.origin}|${query.destination}` : undefined;
  const known = route ? pairs.get(route) : undefined;
  if (known) {
    const scope = await searchScope(ctx.db, query, known);
    const { stamp, airportsStand } = await sourceStamp(ctx, scope);
    if (airportsStand) return { scope, stamp };
  }
  const scope = await searchScope(ctx.db, query);
  const [origin, destination] = scope?.named ?? [];
  if (route && origin && destination) pairs.set(route, [origin, destination]);
  else if (route) pairs.delete(route);
  return { scope, stamp: (await sourceStamp(ctx, scope)).stamp };
}

/** Whether a stamp read earlier still stands: nothing it was read from written since (see the NOTE above). */
function stands(ctx: Searcher, known: Stamped): boolean {
  const [origin, destination] = known.scope?.named ?? [];
  if (origin && destination) return !routeWrittenSince(ctx.db.$client, known.mark, origin.id, destination.id, known.scope?.filter.localDate);
  return !catalogueWrittenSince(ctx.db.$client, known.mark);
}

/** Keeps `entry` under `key` while `settles` has not settled, for the callers arriving meanwhile to share. */
function whileUnderWay<T>(map: Map<string, T>, key: string, entry: T, settles: Promise<unknown>): void {
  map.set(key, entry);
  void settles.finally(() => map.get(key) === entry && map.delete(key)).catch(() => undefined);
}

/**
 * The scope and stamp read for the same search earlier in this period and still standing; else the read
 * of the same search under way, when nothing was written since it began; else read now (and kept when
 * writes are heard).
 */
async function scopeAndStamp(ctx: Searcher, query: FlightSearchQuery, searchKey: string, period: number): Promise<{ scope: Scope; stamp: string }> {
  const { stamps, reading } = memoryOf(ctx);
  const known = stamps.get(searchKey);
  if (known && known.period === period && stands(ctx, known)) {
    ctx.metrics.searchStamp('memory');
    return known;
  }
  // NOTE: the mark is taken before the read: a write that lands during it moves the count, so the next search reads again.
  const mark = catalogueMark(ctx.db.$client);
  const ongoing = reading.get(searchKey);
  if (ongoing && mark !== undefined && ongoing.mark === mark && ongoing.period === period) {
    ctx.metrics.searchStamp('shared');
    return ongoing.read;
  }
  ctx.metrics.searchStamp('database');
  const read = readScopeAndStamp(ctx, query);
  if (mark !== undefined) whileUnderWay(reading, searchKey, { mark, period, read }, read);
  const found = await read;
  if (mark !== undefined) stamps.set(searchKey, { ...found, mark, period });
  return found;
}

/** One page of a flight search, answered once per search and source stamp and then from memory. */
export async function searchAnswer(ctx: Searcher, query: FlightSearchQuery, page: FlightPage): Promise<SearchAnswer> {
  const { answers, building } = memoryOf(ctx);
  const searchKey = JSON.stringify(query);
  const period = periodOf(ctx.now(), searchKey);
  const { scope, stamp } = await scopeAndStamp(ctx, query, searchKey, period);
  const pageKey = `${searchKey}|${page.page}|${page.limit}`;
  const kept = answers.get(pageKey);
  if (kept?.stamp === stamp && kept.period === period) return kept.answer;
  const buildKey = `${pageKey}|${stamp}|${period}`;
  const ongoing = building.get(buildKey);
  if (ongoing) return ongoing;
  const built = answer(ctx, scope?.filter ?? null, page, kept?.answer);
  whileUnderWay(building, buildKey, built, built);
  const fresh = await built;
  answers.set(pageKey, { answer: fresh, stamp, period });
  return fresh;
}
