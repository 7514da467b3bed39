import type Database from 'better-sqlite3';

/**
 * NOTE: what a route search reads (its flights and the two airports) changes only when a row of `flights`
 * or `airports` is written. Temporary triggers on the server's connection report each such write, with the
 * flight's route and local day before and after it, whatever code path made it. So a search's stamp can be
 * kept through writes elsewhere: a booking on another route or day (search-answers.ts). Writes by another
 * connection or process are not seen here; the answer period covers those.
 */
const WRITTEN = 'skyway_catalogue_written';
const AIRPORTS = 'airports';

/** A connection's count of such writes, the count at each key's last write, and the keys written in the open transaction. */
type Writes = { count: number; last: Map<string, number>; pending: Set<string>; unreported?: Set<string> };
const watched = new WeakMap<Database.Database, Writes>();

const routeKey = (originId: string, destinationId: string) => `${originId}|${destinationId}`;
const dayKey = (originId: string, destinationId: string, day: string) => `${originId}|${destinationId}|${day}`;

function keysOf(originId: unknown, destinationId: unknown, day: unknown): string[] {
  if (typeof originId !== 'string' || typeof destinationId !== 'string') return [AIRPORTS];
  return [routeKey(originId, destinationId), dayKey(originId, destinationId, String(day))];
}

/** With `report`, the keys written are also kept until takeCatalogueWrites (a thread's connection reports them to the server's). */
export function watchCatalogueWrites(sqlite: Database.Database, report = false): void {
  const writes: Writes = { count: 0, last: new Map(), pending: new Set(), ...(report && { unreported: new Set<string>() }) };
  watched.set(sqlite, writes);
  sqlite.function(WRITTEN, (originId: unknown, destinationId: unknown, day: unknown) => {
    writes.count += 1;
    for (const key of keysOf(originId, destinationId, day)) {
      writes.last.set(key, writes.count);
      writes.pending.add(key);
    }
    return null;
  });
  const flight = (row: 'NEW' | 'OLD') => `${WRITTEN}(${row}.origin_id, ${row}.destination_id, ${row}.departure_local_date)`;
  sqlite.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS catalogue_flight_added AFTER INSERT ON main.flights BEGIN SELECT ${flight('NEW')}; END;
    CREATE TEMP TRIGGER IF NOT EXISTS catalogue_flight_changed AFTER UPDATE ON main.flights BEGIN SELECT ${flight('OLD')}, ${flight('NEW')}; END;
    CREATE TEMP TRIGGER IF NOT EXISTS catalogue_flight_deleted AFTER DELETE ON main.flights BEGIN SELECT ${flight('OLD')}; END;
    CREATE TEMP TRIGGER IF NOT EXISTS catalogue_airport_added AFTER INSERT ON main.airports BEGIN SELECT ${WRITTEN}(NULL, NULL, NULL); END;
    CREATE TEMP TRIGGER IF NOT EXISTS catalogue_airport_changed AFTER UPDATE ON main.airports BEGIN SELECT ${WRITTEN}(NULL, NULL, NULL); END;
    CREATE TEMP TRIGGER IF NOT EXISTS catalogue_airport_deleted AFTER DELETE ON main.airports BEGIN SELECT ${WRITTEN}(NULL, NULL, NULL); END;
  `);
}

/** A mark to keep with what is read from now on; undefined for a connection not watched. */
export function catalogueMark(sqlite: Database.Database): number | undefined {
  return watched.get(sqlite)?.count;
}

/**
 * Whether, since `mark` was taken, the connection wrote a flight of the route (of its local day `day`,
 * when given) or any airport. Always true for a connection not watched.
 */
export function routeWrittenSince(sqlite: Database.Database, mark: number, originId: string, destinationId: string, day?: string): boolean {
  const writes = watched.get(sqlite);
  if (!writes) return true;
  const route = day ? dayKey(originId, destinationId, day) : routeKey(originId, destinationId);
  return (writes.last.get(AIRPORTS) ?? 0) > mark || (writes.last.get(route) ?? 0) > mark;
}

/**
 * At the end of a transaction, committed or rolled back: what it wrote counts as written again, so a
 * stamp read inside it (by a request whose reads ran between its statements) is not kept.
 */
export function settleCatalogueWrites(sqlite: Database.Database): void {
  const writes = watched.get(sqlite);
  if (!writes || writes.pending.size === 0) return;
  writes.count += 1;
  for (const key of writes.pending) {
    writes.last.set(key, writes.count);
    writes.unreported?.add(key);
  }
  writes.pending.clear();
}

/** The keys written by the transactions ended since the last call, on a connection watched with `report`. */
export function takeCatalogueWrites(sqlite: Database.Database): string[] {
  const unreported = watched.get(sqlite)?.unreported;
  if (!unreported) return [AIRPORTS];
  const keys = [...unreported];
  unreported.clear();
  return keys;
}

/** Counts as written on this connection what another connection to the same file wrote (its takeCatalogueWrites). */
export function noteCatalogueWrites(sqlite: Database.Database, keys: readonly string[]): void {
  const writes = watched.get(sqlite);
  if (!writes || keys.length === 0) return;
  writes.count += 1;
  for (const key of keys) writes.last.set(key, writes.count);
}
