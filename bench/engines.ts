import { loadavg } from 'node:os';
import { BOOKING_CONNECTIONS, measure, measureBare, SEARCH_CONNECTIONS, SECONDS, type Figures } from './engines-load';
import { onBareExpress, onPostgres, onSqlite } from './engines-servers';
import type { Result } from './types';

/**
 * `npm run bench:engines`: the figures issue #46 asks for, in one run. One SQLite process, then 1, 2 and 4
 * processes on PostgreSQL, each count on a fresh database of its own and one Redis, load split evenly
 * between the processes. On each: flight search (SEARCH_CONNECTIONS), then bookings on distinct flights,
 * then bookings on one hot flight (BOOKING_CONNECTIONS each). Each measured run lasts 8 s (SECONDS),
 * search after a 2 s warm-up (once every process was asked every search once), bookings after a 20 s
 * one (engines-load.ts says why), so that the whole bench stays near 5 minutes on a 2-core machine. Rates count 2xx answers only; p99 is the
 * slowest process's.
 *
 * Distinct flights: each request books one seat nobody else wants, on flights spread over the catalogue.
 * Hot flight: every request books a seat on the same flight until its 24 seats are gone, then on the next
 * flight, and so on. All bookings in flight at once contend for one flight (its row and its seats; two at
 * the turn from one to the next), yet each one can succeed. Freeing the seats again would mix a cancellation into every booking. Counting
 * 409 'seat taken' answers as work would make the figure mostly about refusals, which are cheaper than bookings.
 *
 * Unpaid-hold cap: launchServer starts every server with RATE_LIMITS=off, which lifts the cap (see
 * createBookingWithPayment). The bookings still go out as many buyers in turn, not one, so that a server
 * that locks the buyer's account row still sees independent bookings.
 *
 * Yardstick: bare Express (bench/bare/app.ts) on 1, 2 and 4 processes, answering GET /api/health. On a
 * machine of 2 cores, where the load generator shares the cores too, more processes than cores cost
 * something of their own (scheduling, caches, each process's JIT and heap), whatever they run: its ratio of
 * 4 processes to 2 is what the machine gives, and the app's ratio is read beside it.
 *
 * Needs PostgreSQL at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) and Redis at
 * REDIS_URL (default redis://127.0.0.1:6379).
 */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const cells = (r: Result) => `${r.rps.toFixed(0).padStart(7)} ${String(r.p99Ms).padStart(6)} ${String(r.errors + r.non2xx).padStart(5)}`;
const ratio = (label: string, over: number, under: number, goal = '') => `${label.padEnd(52)} ${(over / under).toFixed(2).padStart(5)}  ${goal}`.trimEnd();

async function main() {
  console.log(`load average (1, 5, 15 min) at start: ${load()}`);
  // One after the other: each set of processes has the machine to itself.
  const sqlite = await onSqlite(measure);
  const pg1 = await onPostgres(1, measure);
  const pg2 = await onPostgres(2, measure);
  const pg4 = await onPostgres(4, measure);
  const bare1 = await onBareExpress(1, measureBare);
  const bare2 = await onBareExpress(2, measureBare);
  const bare4 = await onBareExpress(4, measureBare);

  console.log(`\n${SECONDS} s per run; search on ${SEARCH_CONNECTIONS} connections, bookings on ${BOOKING_CONNECTIONS}; rates are 2xx a second`);
  console.log(`${''.padEnd(24)}  ${'distinct flights'.padEnd(20)}  ${'one hot flight'.padEnd(20)}  flight search`);
  console.log(`${'engine'.padEnd(24)}${'  book/s p99ms  errs'.repeat(2)}   req/s p99ms  errs`);
  const rows: [string, Figures][] = [
    ['SQLite, 1 process', sqlite],
    ['PostgreSQL, 1 process', pg1],
    ['PostgreSQL, 2 processes', pg2],
    ['PostgreSQL, 4 processes', pg4],
  ];
  for (const [label, f] of rows) console.log(`${label.padEnd(24)} ${cells(f.distinct)} ${cells(f.hot)} ${cells(f.search)}`);
  console.log(`\nyardstick: bare Express, GET /api/health on ${SEARCH_CONNECTIONS} connections`);
  console.log(`${'processes'.padEnd(24)}   req/s p99ms  errs`);
  for (const [count, r] of [
    [1, bare1],
    [2, bare2],
    [4, bare4],
  ] as const)
    console.log(`${String(count).padEnd(24)} ${cells(r)}`);

  console.log('');
  console.log(ratio('bookings/s, distinct: PostgreSQL 2 / SQLite 1', pg2.distinct.rps, sqlite.distinct.rps, 'goal >= 0.5, with p99 <= 250 ms'));
  console.log(ratio('bookings/s, hot flight: PostgreSQL 2 / SQLite 1', pg2.hot.rps, sqlite.hot.rps));
  console.log(ratio('bookings/s, distinct: PostgreSQL 4 / 2', pg4.distinct.rps, pg2.distinct.rps, 'goal >= 1'));
  console.log(ratio('bookings/s, hot flight: PostgreSQL 4 / 2', pg4.hot.rps, pg2.hot.rps));
  console.log(ratio('search req/s: PostgreSQL 2 / PostgreSQL 1', pg2.search.rps, pg1.search.rps));
  console.log(ratio('search req/s: PostgreSQL 4 / 2', pg4.search.rps, pg2.search.rps));
  console.log(ratio('yardstick req/s: bare Express 4 / 2', bare4.rps, bare2.rps, 'what more processes than cores cost here'));
  console.log(`\nload average (1, 5, 15 min) at end: ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
