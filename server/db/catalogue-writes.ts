import type Database from 'better-sqlite3';
import type { Listen } from './pg-listener';

/**
 * NOTE: what a route search reads (its flights and the two airports) changes only when a row of `flights`
 * or `airports` is written. So a search's stamp can be kept through writes elsewhere: a booking on
 * another route or day (search-answers.ts). Each write is noted here under the keys it touched (the
 * flight's route and its route and local day, before and after the write; or `airports`). This module is
 * the catalogue's change feed and its two adapters, one per engine:
 * - SQLite: temporary triggers on the server's connection report each write, whatever code path made it
 *   (watchCatalogueWrites). Writes by another process are not seen; the answer period covers those.
 * - PostgreSQL: triggers announce the keys on commit to every process, the writer included
 *   (migrations/pg/0015); the process's listener hears them (hearCatalogueWrites). Until the process
 *   listens, and whenever it stops, no mark is given and nothing counts as standing.
 */
const WRITTEN = 'skyway_catalogue_written';
const AIRPORTS = 'airports';
/** The channel of migrations/pg/0015_catalogue_notify.sql. */
const CHANNEL = 'catalogue_written';

/** What a reader of the catalogue asks of its writes: the port search-answers.ts follows. */
export interface CatalogueFeed {
  /** A mark to keep with what is read from now on; undefined while writes are not heard. */
  mark(): number | undefined;
  /**
   * Whether the writes of every process reach this feed now (PostgreSQL, while it listens): then nothing
   * but a write heard can move what was read, and a stamp needs no answer period to show the writes of
   * other processes.
   */
  hearsEveryProcess(): boolean;
  /** Whether, since `mark` was taken, a flight of the route (of its local day `day`, when given) or any airport was written. True while writes are not heard. */
  routeWrittenSince(mark: number, originId: string, destinationId: string, day?: string): boolean;
  /** Whether, since `mark` was taken, any flight or airport was written. True while writes are not heard. */
  writtenSince(mark: number): boolean;
}

const routeKey = (originId: string, destinationId: string) => `${originId}|${destinationId}`;
const dayKey = (originId: string, destinationId: string, day: string) => `${originId}|${destinationId}|${day}`;

/**
 * A feed's count of writes and the count at each key's last write; on SQLite also the keys written in the
 * open transaction, and with `unreported` those not yet taken by takeCatalogueWrites.
 */
class Writes implements CatalogueFeed {
  private count = 0;
  private readonly last = new Map<string, number>();
  readonly pending = new Set<string>();

  constructor(
    public heard: boolean,
    private readonly everyProcess: boolean,
    readonly unreported?: Set<string>,
  ) {}

  note(keys: Iterable<string>): void {
    this.count += 1;
    for (const key of keys) this.last.set(key, this.count);
  }

  mark(): number | undefined {
    return this.heard ? this.count : undefined;
  }

  hearsEveryProcess(): boolean {
    return this.heard && this.everyProcess;
  }

  routeWrittenSince(mark: number, originId: string, destinationId: string, day?: string): boolean {
    if (!this.heard) return true;
    const route = day ? dayKey(originId, destinationId, day) : routeKey(originId, destinationId);
    return (this.last.get(AIRPORTS) ?? 0) > mark || (this.last.get(route) ?? 0) > mark;
  }

  writtenSince(mark: number): boolean {
    return !this.heard || this.count > mark;
  }
}

/** The feed of each SQLite connection watched, for the ends of its transactions and the reports between connections. */
const watched = new WeakMap<Database.Database, Writes>();

function keysOf(originId: unknown, destinationId: unknown, day: unknown): string[] {
  if (typeof originId !== 'string' || typeof destinationId !== 'string') return [AIRPORTS];
  return [routeKey(originId, destinationId), dayKey(originId, destinationId, String(day))];
}

/** The keys of a notification's payload; `airports` (everything) for one that does not read as such. */
function keysHeard(payload: string): string[] {
  try {
    const keys: unknown = JSON.parse(payload);
    if (Array.isArray(keys) && keys.every((key) => typeof key === 'string')) return keys;
  } catch {
    // Read as everything written, below.
  }
  return [AIRPORTS];
}

/**
 * PostgreSQL: the feed of the writes every process announces. NOTE: on listening again after a loss, the
 * notifications sent meanwhile are gone, so everything counts as written then (the airports key, which
 * every search's stamp depends on): a stamp read before does not stand.
 */
export async function hearCatalogueWrites(listen: Listen): Promise<CatalogueFeed> {
  const writes = new Writes(false, true);
  await listen(
    CHANNEL,
    (payload) => writes.note(keysHeard(payload)),
    (listening) => {
      writes.heard = listening;
      writes.note([AIRPORTS]);
    },
  );
  return writes;
}

/** SQLite: the feed of this connection's writes. With `report`, the keys written are also kept until takeCatalogueWrites (a thread's connection reports them to the server's). */
export function watchCatalogueWrites(sqlite: Database.Database, report = false): CatalogueFeed {
  const writes = new Writes(true, false, report ? new Set<string>() : undefined);
  watched.set(sqlite, writes);
  sqlite.function(WRITTEN, (originId: unknown, destinationId: unknown, day: unknown) => {
    const keys = keysOf(originId, destinationId, day);
    writes.note(keys);
    for (const key of keys) writes.pending.add(key);
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
  return writes;
}

/**
 * At the end of a transaction, committed or rolled back: what it wrote counts as written again, so a
 * stamp read inside it (by a request whose reads ran between its statements) is not kept.
 */
export function settleCatalogueWrites(sqlite: Database.Database): void {
  const writes = watched.get(sqlite);
  if (!writes || writes.pending.size === 0) return;
  writes.note(writes.pending);
  for (const key of writes.pending) writes.unreported?.add(key);
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
  if (writes && keys.length > 0) writes.note(keys);
}
