import autocannon from 'autocannon';
import { toResult } from './load';
import { BOOKING_SEATS, bodies, buyerToken, laterFlights } from './scenarios/booking-create';
import { searchPaths } from './scenarios/flight-search';
import type { BenchServer } from './server';
import type { Result } from './types';

/** Seconds of each measured run, and of the warm-ups thrown away before search and before bookings. */
export const SECONDS = 8;
const WARMUP_SECONDS = 2;
/**
 * NOTE: bookings warm up for longer. Measured in 8 s runs one after the other on one set of processes
 * after a 3 s warm-up, bookings/s still grew by 20 to 30 % over the first 40 s (SQLite 430 to 516,
 * PostgreSQL on 2 processes 253 to 332, on 4 221 to 282): each process's JIT and PostgreSQL's backends warm
 * up, and with several processes each sees only its share of the warm-up's bookings. A server runs for
 * days, so its figure is the rate it settles at (docs/decisions/023, addendum of session 32).
 */
const BOOKING_WARMUP_SECONDS = 20;
/** Connections of each load, split evenly over the processes: both divide by 1, 2 and 4. */
export const SEARCH_CONNECTIONS = 20;
export const BOOKING_CONNECTIONS = 16;
/**
 * Buyers the bookings go out as, in turn: far more than the connections, so requests in flight at once are
 * almost never one buyer's; and many, as each buyer's unpaid bookings pile up (the cap is lifted) and the
 * unpaid-holds check reads them all: 32 buyers held some 300 each by the measured run.
 */
const BUYERS = 256;
/** Every seat of a flight (6 rows of 4). */
const ALL_SEATS = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((row) => [1, 2, 3, 4].map((n) => `${row}${n}`));

export type Figures = { distinct: Result; hot: Result; search: Result };

/** One load split over the servers: requests add up, and the slowest server's percentiles count. */
async function spread(servers: BenchServer[], connections: number, seconds: number, options: (server: BenchServer) => Omit<autocannon.Options, 'url'>) {
  const runs = await Promise.all(
    servers.map((server) => autocannon({ ...options(server), url: server.baseUrl, connections: connections / servers.length, duration: seconds })),
  );
  const results = runs.map(toResult);
  const sum = (pick: (r: Result) => number) => results.reduce((n, r) => n + pick(r), 0);
  const non2xx = sum((r) => r.non2xx);
  return {
    requests: sum((r) => r.requests),
    durationS: seconds,
    // Answers other than 2xx do not count as work done.
    rps: (sum((r) => r.requests) - non2xx) / seconds,
    p50Ms: Math.max(...results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    maxMs: Math.max(...results.map((r) => r.maxMs)),
    errors: sum((r) => r.errors),
    non2xx,
  } satisfies Result;
}

/** Hands out the bodies of `queue` one by one, across warm-up and measured run alike; wraps only if a run outlasts it. */
function inTurn(queue: string[]): () => string | undefined {
  let next = 0;
  return () => queue[next++ % queue.length];
}

/** POST /api/payments with the next body, one sequence across all servers, each request as the next buyer in turn. */
function book(servers: BenchServer[], tokens: string[], nextBody: () => string | undefined, seconds: number) {
  let sent = 0;
  return spread(servers, BOOKING_CONNECTIONS, seconds, () => ({
    requests: [
      {
        method: 'POST',
        path: '/api/payments',
        setupRequest: (req) => {
          const headers = { authorization: `Bearer ${tokens[sent++ % tokens.length]}`, 'content-type': 'application/json' };
          return { ...req, headers, body: nextBody() };
        },
      },
    ],
  }));
}

/** GET /api/health of bare Express on SEARCH_CONNECTIONS, split over the processes, after a warm-up. */
export async function measureBare(servers: BenchServer[]): Promise<Result> {
  const requests: autocannon.Request[] = [{ method: 'GET', path: '/api/health' }];
  await spread(servers, SEARCH_CONNECTIONS, WARMUP_SECONDS, () => ({ requests }));
  return spread(servers, SEARCH_CONNECTIONS, SECONDS, () => ({ requests }));
}

/**
 * Every search once on every process, four at a time: each process keeps its own answers, so one that has
 * not yet been asked a search reads it, once. Without this pass, the short warm-up left part of that
 * filling to the measured run, the more so the more processes (each fills its own).
 */
async function askEachOnce(servers: BenchServer[], paths: string[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      const left = [...paths];
      const ask = async (): Promise<void> => {
        for (let path = left.pop(); path; path = left.pop()) {
          const res = await fetch(`${server.baseUrl}${path}`);
          if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
          await res.arrayBuffer();
        }
      };
      await Promise.all([ask(), ask(), ask(), ask()]);
    }),
  );
}

/** Search, then bookings on distinct flights, then bookings on one hot flight at a time, on the same servers. */
export async function measure(servers: BenchServer[]): Promise<Figures> {
  const [first] = servers;
  if (!first) throw new Error('no server');
  const paths = await searchPaths(first.baseUrl);
  await askEachOnce(servers, paths);
  const requests = paths.map((path): autocannon.Request => ({ method: 'GET', path }));
  await spread(servers, SEARCH_CONNECTIONS, WARMUP_SECONDS, () => ({ requests }));
  const search = await spread(servers, SEARCH_CONNECTIONS, SECONDS, () => ({ requests }));

  const tokens = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyerToken(first.baseUrl, `-${i}`)));
  const flights = await laterFlights(first.baseUrl);
  // Even flights for distinct bookings, odd ones for the hot flight, so neither finds a seat the other took.
  const distinctFlights = flights.filter((_, i) => i % 2 === 0);
  const hotFlights = flights.filter((f, i) => i % 2 === 1 && f.availableSeats === ALL_SEATS.length);
  if (hotFlights.length === 0) throw new Error('no flight with every seat free: does GET /api/flights still answer availableSeats?');
  const distinctBodies = inTurn(bodies(distinctFlights, BOOKING_SEATS));
  await book(servers, tokens, distinctBodies, BOOKING_WARMUP_SECONDS);
  const distinct = await book(servers, tokens, distinctBodies, SECONDS);
  // Flight by flight: every seat of one flight, then every seat of the next.
  const hot = await book(servers, tokens, inTurn(hotFlights.flatMap((flight) => bodies([flight], ALL_SEATS))), SECONDS);
  return { search, distinct, hot };
}
