import { poolOf, whenEnded } from './batching';
import { connectionOf, type Queryable } from './client';
import type { Listen } from './pg-listener';

/** The channel of migrations/pg/0018_users_notify.sql; its payload is the account's id, or empty for every account. */
const CHANNEL = 'users_written';
/**
 * The channel of migrations/pg/0001 (a token version or role changed), heard too: the sockets' check that
 * it starts (realtime/sessions.ts) runs after every handler of the notification, so it never reads a kept row.
 */
const SESSIONS_CHANNEL = 'user_session_changed';

/** How many accounts a process keeps at most, the least recently used going first: about 10 MB. */
export const KEPT_USERS = 10_000;

/**
 * A pool's count of account writes heard (and of its own begun and ended), whether it hears them now, and
 * the rows kept by id. A row is kept only if no write was heard while it was read.
 */
type Heard = { count: number; listening: boolean; kept: Map<string, object> };
const heardBy = new WeakMap<object, Heard>();

function written(heard: Heard, id: string): void {
  heard.count += 1;
  if (id) heard.kept.delete(id);
  else heard.kept.clear();
}

/**
 * NOTE: every request with a token reads its caller's row, and accounts are written seldom. On PostgreSQL
 * a trigger announces each write of a row of `users` on commit to every process, the writer included: while
 * the pool hears them, a caller's row read on it stands until a write of it is heard, so a request sends no
 * statement for its caller. On listening again after a loss the notifications sent meanwhile are gone, so
 * everything kept is dropped then too; a transaction of this process that writes an account drops its row
 * when it writes and again when it ends. SQLite keeps reading it (an in-process read).
 */
export function hearUserWrites(pool: object, listen: Listen): Promise<void> {
  const heard: Heard = { count: 0, listening: false, kept: new Map() };
  heardBy.set(pool, heard);
  const onListening = (listening: boolean) => {
    heard.listening = listening;
    written(heard, '');
  };
  return listen(CHANNEL, (id) => written(heard, id), onListening).then(() => listen(SESSIONS_CHANNEL, (id) => written(heard, id)));
}

/** The pool `q` reads outside a transaction, when it listens; undefined inside one, and on SQLite. */
const heardOn = (q: Queryable): Heard | undefined => {
  const heard = heardBy.get(connectionOf(q));
  return heard?.listening ? heard : undefined;
};

/** A copy of the row of account `id` kept on the pool of `q` while it stands (outside a transaction only): a request may change its copy. */
export function keptUser<T extends object>(q: Queryable, id: string): T | undefined {
  const heard = heardOn(q);
  const row = heard?.kept.get(id) as T | undefined;
  if (!heard || row === undefined) return undefined;
  heard.kept.delete(id);
  heard.kept.set(id, row);
  return { ...row };
}

/** A mark to keep what `q` reads from now on with (keepUser); undefined when it may not be kept. */
export function userMark(q: Queryable): number | undefined {
  return heardOn(q)?.count;
}

/** Keeps a copy of `row`, read on the pool of `q` at `mark` (userMark), unless a write was heard since. */
export function keepUser(q: Queryable, mark: number, id: string, row: object): void {
  const heard = heardOn(q);
  if (heard?.count !== mark) return;
  heard.kept.set(id, { ...row });
  if (heard.kept.size > KEPT_USERS) heard.kept.delete(heard.kept.keys().next().value as string);
}

/** A write transaction writes account `id`: its row is dropped now and once the transaction has ended. */
export function writingUser(tx: Queryable, id: string): void {
  const heard = heardBy.get(poolOf(tx));
  if (!heard) return;
  written(heard, id);
  whenEnded(tx, () => written(heard, id));
}
