import type Database from 'better-sqlite3';

/** Enough for every statement the app builds; a rare long IN (...) list only pushes out the oldest. */
const MAX_STATEMENTS = 1_000;

/**
 * Makes `prepare` answer a cached statement for SQL it has compiled before. drizzle prepares every
 * query it runs, and compiling the SQL costs more than running it (a third of a chat push's time).
 * NOTE: a reused statement is handed back in its default mode: drizzle switches statements to raw
 * rows for selects, and the next caller of the same SQL may expect objects. drizzle never binds
 * parameters permanently nor iterates, so a statement is free again as soon as its call returns.
 */
export function cacheStatements(sqlite: Database.Database): void {
  const compile = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const cached = cache.get(source);
    if (cached) {
      cache.delete(source);
      cache.set(source, cached);
      if (cached.reader) cached.raw(false).pluck(false).expand(false);
      return cached;
    }
    const statement = compile(source);
    cache.set(source, statement);
    if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value ?? source);
    return statement;
  };
  sqlite.prepare = prepare as typeof sqlite.prepare;
}
