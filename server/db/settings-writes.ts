import { poolOf, whenEnded } from './batching';
import { connectionOf, type Queryable } from './client';
import type { Listen } from './pg-listener';

/** The channel of migrations/pg/0016_settings_notify.sql. */
const CHANNEL = 'settings_written';

/**
 * A pool's count of settings writes heard (and of its own begun and ended), whether it hears them now,
 * its own write transactions open that wrote them, and the value kept with the count it was read at.
 */
type Heard = { count: number; listening: boolean; writing: number; kept?: { mark: number; value: unknown } };
const heardBy = new WeakMap<object, Heard>();

/**
 * NOTE: most requests read the settings and few write them. On PostgreSQL a trigger announces each write
 * on commit to every process, the writer included, and the pool hears it: while it listens, what was read
 * on the pool stands until a write is heard, so a request sends no statement for the settings. On
 * listening again after a loss the notifications sent meanwhile are gone, so everything kept is dropped
 * then too; and nothing is kept while a transaction of this process writes them. SQLite keeps reading
 * their version (an in-process read).
 */
export function hearSettingsWrites(pool: object, listen: Listen): Promise<void> {
  const heard: Heard = { count: 0, listening: false, writing: 0 };
  heardBy.set(pool, heard);
  return listen(
    CHANNEL,
    () => (heard.count += 1),
    (listening) => {
      heard.listening = listening;
      heard.count += 1;
    },
  );
}

/** The pool `q` reads outside a transaction, when it listens; undefined inside one, and on SQLite. */
const heardOn = (q: Queryable): Heard | undefined => heardBy.get(connectionOf(q));

/**
 * The settings kept on the pool of `q` while they stand, inside a write transaction too: like a statement
 * there, they are what was last committed (as heard). A transaction that writes them reads them anew.
 */
export function keptSettings<T>(q: Queryable): T | undefined {
  const heard = heardBy.get(poolOf(q));
  const kept = heard?.kept;
  return kept && heard.listening && heard.writing === 0 && kept.mark === heard.count ? (kept.value as T) : undefined;
}

/** A mark to keep what `q` reads from now on with (keepSettings); undefined when it may not be kept: read inside a transaction, or while not heard. */
export function settingsMark(q: Queryable): number | undefined {
  const heard = heardOn(q);
  return heard?.listening && heard.writing === 0 ? heard.count : undefined;
}

/** Keeps `value`, read on the pool of `q` at `mark` (settingsMark): it stands until a write is heard after that mark. */
export function keepSettings(q: Queryable, mark: number, value: unknown): void {
  const heard = heardOn(q);
  if (heard) heard.kept = { mark, value };
}

/** A write transaction writes the settings: nothing kept stands until it has ended. */
export function writingSettings(tx: Queryable): void {
  const heard = heardBy.get(poolOf(tx));
  if (!heard) return;
  heard.writing += 1;
  heard.count += 1;
  whenEnded(tx, () => {
    heard.writing -= 1;
    heard.count += 1;
  });
}
