import { LRUCache } from 'lru-cache';
import type { FlightSearchQuery } from '../../../sync/schemas/flight';
import type { Metrics } from '../../metrics/metrics';
import type { DbAndClock } from '../deps';
import type { CatalogueFeed } from '../../db/catalogue-writes';
import { currentVersion } from '../../db/current-version';
import { selectRouteStamp, type FlightFilter } from '../../db/flight-queries';
import { answerOf, keptAnswers, periodOf, type KeptAnswer } from '../../kept-answer';
import { searchFlightsPage, type FlightPage } from './flight-paging';
import { searchScope } from './flight-reads';
import type { AirportRow } from './airports';

/** What the searches read: the database, the clock, the catalogue's writes, and the counter of where their stamps came from. */
type Searcher = DbAndClock & { metrics: Pick<Metrics, 'searchStamp'>; catalogue: CatalogueFeed };

/** A search's answer as sent (kept-answer.ts), with the count of all matches. */
export type SearchAnswer = KeptAnswer & { total: number };

/**
 * NOTE: an answer stays right while what it was read from does not move: for a route (origin and
 * destination named) the two airports' versions and the route's flights (selectRouteStamp: a booking,
 * cancellation or flight change on them moves it, one elsewhere does not) and the first of their holds
 * still to lapse, read in one statement; for any other search the global sync version. A search's stamp
 * is read again once what it was read from may have been written since (db/catalogue-writes.ts): for a
 * route, a flight of the route (of its day, for a search of one day) or an airport; for any other search,
 * any flight or airport. So a search repeated between such writes runs no statement, through bookings on
 * other routes and days. On SQLite those are this process's writes, so a stamp is also read again each
 * answer period (ANSWER_TTL_MS), which shows a script's write to the file. On PostgreSQL they are every
 * process's, heard once committed: a process keeps a stamp until it hears the write (the delay of a
 * notification, for the writer too), and a route's stamp stands through answer periods, up to STAND_MS.
 * So the reads of a process do not grow with the count of searches times the count of processes. While
 * the process does not listen, every search reads its stamp. A hold that lapses shows at its moment (a
 * route stamp stands until then); what else time alone changes in another search shows within the answer
 * period. The caches are bounded, so a stream of distinct searches costs at most their memory.
 */
/** A search page's answer, with the stamp and period it was last found right for. */
type Kept = { answer: SearchAnswer; stamp: string; period: number };
/** How long a route's stamp stands at most, on PostgreSQL while the process hears every write. */
const STAND_MS = 60_000;

/** The two airports a route search named, by the words it named them with, as last read. */
type Pair = readonly [AirportRow, AirportRow];
const PAIRS_KEPT = 1_000;

type Scope = Awaited<ReturnType<typeof searchScope>>;
/**
 * A search's scope and stamp, as read while the catalogue's writes were at `mark`, in answer period
 * `period`; for a route, `until`: the moment it stops standing (its first hold to lapse, STAND_MS at most).
 */
type Stamped = { scope: Scope; stamp: string; until?: number; mark: number; period: number };
type Read = Pick<Stamped, 'scope' | 'stamp' | 'until'>;
const STAMPS_KEPT = 10_000;

/** A stamp read under way, which the same search arriving meanwhile shares while nothing was written since its mark. */
type Reading = { mark: number; period: number; read: Promise<Read> };

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
export async function sourceStamp(ctx: DbAndClock, scope: Scope): Promise<{ stamp: string; until?: number; airportsStand: boolean }> {
  const [origin, destination] = scope?.named ?? [];
  if (!scope || !origin || !destination) return { stamp: `v${await currentVersion(ctx.db)}`, airportsStand: true };
  const filter = { ...scope.filter, originId: origin.id, destinationId: destination.id };
  const at = ctx.now();
  const now = await selectRouteStamp(ctx.db, filter, at.toISOString());
  const airports = `${origin.id}@${now.originVersion},${destination.id}@${now.destinationVersion}`;
  const until = Math.min(at.getTime() + STAND_MS, now.nextLapse ? Date.parse(now.nextLapse) : Infinity);
  return { stamp: `${airports}|${now.flights}`, until, airportsStand: now.originVersion === origin.version && now.destinationVersion === destination.version };
}

/** Keeps `entry` under `key` while `settles` has not settled, for the callers arriving meanwhile to share. */
function whileUnderWay<T>(map: Map<string, T>, key: string, entry: T, settles: Promise<unknown>): void {
  map.set(key, entry);
  void settles.finally(() => map.get(key) === entry && map.delete(key)).catch(() => undefined);
}

/**
 * The catalogue's read model: every search's answer, for the search route and the server-rendered listing
 * pages alike, built once at start (start.ts) and following the catalogue's change feed. `reading` and
 * `building` hold only the reads and answers under way, so that many requests for one search at the turn
 * of its period (a popular route, or a load of many connections asking the same searches in step) cost
 * one read, not one each.
 */
export class SearchAnswers {
  private readonly answers = keptAnswers<Kept>(2 * STAND_MS);
  private readonly pairs = new LRUCache<string, Pair>({ max: PAIRS_KEPT });
  private readonly stamps = new LRUCache<string, Stamped>({ max: STAMPS_KEPT });
  private readonly reading = new Map<string, Reading>();
  private readonly building = new Map<string, Promise<SearchAnswer>>();

  constructor(private readonly ctx: Searcher) {}

  /** One page of a flight search, answered once per search and source stamp and then from memory. */
  async answer(query: FlightSearchQuery, page: FlightPage): Promise<SearchAnswer> {
    const searchKey = JSON.stringify(query);
    const period = periodOf(this.ctx.now(), searchKey);
    const { scope, stamp, remembered } = await this.scopeAndStamp(query, searchKey, period);
    const pageKey = `${searchKey}|${page.page}|${page.limit}`;
    const kept = this.answers.get(pageKey);
    // NOTE: a stamp read again (a write heard, a new period, its time up) reads the answer again too: a write
    // that left every version as it was (a script's) still shows.
    if (kept?.stamp === stamp && (kept.period === period || remembered)) return kept.answer;
    const buildKey = `${pageKey}|${stamp}|${period}`;
    const ongoing = this.building.get(buildKey);
    if (ongoing) return ongoing;
    const built = answer(this.ctx, scope?.filter ?? null, page, kept?.answer);
    whileUnderWay(this.building, buildKey, built, built);
    const fresh = await built;
    this.answers.set(pageKey, { answer: fresh, stamp, period });
    return fresh;
  }

  /**
   * The scope and stamp read for the same search earlier in this period and still standing; else the read
   * of the same search under way, when nothing was written since it began; else read now (and kept when
   * writes are heard).
   */
  private async scopeAndStamp(query: FlightSearchQuery, searchKey: string, period: number): Promise<Read & { remembered?: boolean }> {
    const { metrics, catalogue } = this.ctx;
    const known = this.stamps.get(searchKey);
    if (known && this.stands(known, period)) {
      metrics.searchStamp('memory');
      return { ...known, remembered: true };
    }
    // NOTE: the mark is taken before the read: a write that lands during it moves the count, so the next search reads again.
    const mark = catalogue.mark();
    const ongoing = this.reading.get(searchKey);
    if (ongoing && mark !== undefined && ongoing.mark === mark && ongoing.period === period) {
      metrics.searchStamp('shared');
      return ongoing.read;
    }
    metrics.searchStamp('database');
    const read = this.readScopeAndStamp(query);
    if (mark !== undefined) whileUnderWay(this.reading, searchKey, { mark, period, read }, read);
    const found = await read;
    if (mark !== undefined) this.stamps.set(searchKey, { ...found, mark, period });
    return found;
  }

  /** Whether a stamp read earlier still stands: in its time, and nothing it was read from written since (see the NOTE above). */
  private stands(known: Stamped, period: number): boolean {
    if (!this.inTime(known, period)) return false;
    const [origin, destination] = known.scope?.named ?? [];
    if (origin && destination) return !this.ctx.catalogue.routeWrittenSince(known.mark, origin.id, destination.id, known.scope?.filter.localDate);
    return !this.ctx.catalogue.writtenSince(known.mark);
  }

  /** Whether a stamp read earlier is still in its time: its answer period; for a route, before its `until`, in any period while every process's writes are heard. */
  private inTime(known: Stamped, period: number): boolean {
    if (known.until === undefined) return known.period === period;
    if (this.ctx.now().getTime() >= known.until) return false;
    return known.period === period || this.ctx.catalogue.hearsEveryProcess();
  }

  /**
   * A search's scope and stamp. A route search's airports are looked up once per origin and destination
   * and then taken from memory while the stamp (which reads their versions) says they stand: a route
   * search costs one read, not two.
   */
  private async readScopeAndStamp(query: FlightSearchQuery): Promise<Read> {
    const { ctx, pairs } = this;
    const route = query.origin && query.destination ? `${query.origin}|${query.destination}` : undefined;
    const known = route ? pairs.get(route) : undefined;
    if (known) {
      const scope = await searchScope(ctx.db, query, known);
      const { stamp, until, airportsStand } = await sourceStamp(ctx, scope);
      if (airportsStand) return { scope, stamp, until };
    }
    const scope = await searchScope(ctx.db, query);
    const [origin, destination] = scope?.named ?? [];
    if (route && origin && destination) pairs.set(route, [origin, destination]);
    else if (route) pairs.delete(route);
    const { stamp, until } = await sourceStamp(ctx, scope);
    return { scope, stamp, until };
  }
}
