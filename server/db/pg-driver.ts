import { getTableColumns, is, NoopLogger, Param, sql, type Query, type QueryWithTypings, type SQL } from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import {
  SQLiteAsyncDialect,
  SQLiteSession,
  type SelectedFieldsOrdered,
  type SQLiteExecuteMethod,
  type SQLiteInsertConfig,
  type SQLiteTable,
} from 'drizzle-orm/sqlite-core';
import { RemotePreparedQuery, SqliteRemoteDatabase, type SqliteRemoteResult } from 'drizzle-orm/sqlite-proxy';
import pg from 'pg';

// NOTE: counts and bigint columns arrive as int8 and sums as numeric, which node-postgres hands over as
// strings; every such value here is far below 2^53, so they are read as numbers like SQLite's.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

export type PgStatement = { text: string; name?: string; rowMode?: 'array' };
/** Runs a statement on the connection: a pool, a pooled client, or a write transaction's batching connection (db/batching.ts). */
export type Send = (statement: PgStatement, values: unknown[]) => Promise<pg.QueryResult>;

/** The PostgreSQL database: drizzle's SQLite builders (docs/decisions/010), their statements run by node-postgres. */
export type PgDb = SqliteRemoteDatabase;

const missing = (value: Param | SQL | undefined): boolean => value === undefined || (is(value, Param) && value.value === undefined);

/** Per table, the keys of the columns drizzle has no default for. */
const withoutDefault = new WeakMap<SQLiteTable, string[]>();

function keysWithoutDefault(table: SQLiteTable): string[] {
  let keys = withoutDefault.get(table);
  if (!keys) {
    keys = Object.entries(getTableColumns(table))
      .filter(([, column]) => (column.default === null || column.default === undefined) && column.defaultFn === undefined && column.onUpdateFn === undefined)
      .map(([key]) => key);
    withoutDefault.set(table, keys);
  }
  return keys;
}

/** The row with PostgreSQL's `default` for each column it leaves out that drizzle has no default for (SQLite's dialect writes `null`, which an identity column refuses). */
function withDatabaseDefaults(keys: string[], row: Record<string, Param | SQL>): Record<string, Param | SQL> {
  const left = keys.filter((key) => missing(row[key]));
  return left.length ? { ...row, ...Object.fromEntries(left.map((key) => [key, sql`default`])) } : row;
}

/**
 * drizzle's SQLite SQL made PostgreSQL's where the two differ for the statements drizzle builds: numbered
 * parameters, `default` for a value left out, and the conflict target of an upsert named by its columns
 * alone (SQLite's dialect qualifies them with the table, which PostgreSQL refuses there).
 */
export class PostgresDialect extends SQLiteAsyncDialect {
  override escapeParam(num: number): string {
    return `$${num + 1}`;
  }

  override buildInsertQuery(config: SQLiteInsertConfig): SQL {
    const { table, values } = config;
    if (!Array.isArray(values)) return super.buildInsertQuery(config);
    const keys = keysWithoutDefault(table);
    return super.buildInsertQuery({ ...config, values: values.map((row) => withDatabaseDefaults(keys, row)) });
  }

  override sqlToQuery(query: SQL, invokeSource?: 'indexes'): QueryWithTypings {
    const built = super.sqlToQuery(query, invokeSource);
    return {
      ...built,
      sql: built.sql.replace(/ on conflict \(([^)]*)\)/g, (_, target: string) => ` on conflict (${target.replace(/"(?:[^"]|"")*"\./g, '')})`),
    };
  }
}

/** The statements named on the server (`nameOnServer`): parsed once per connection, then only bound and run. */
const names = new WeakMap<object, string>();

export function nameOnServer(statement: object, name: string): void {
  names.set(statement, name);
}

/**
 * drizzle's session for a remote SQLite, sending each statement to PostgreSQL: rows as arrays where drizzle
 * maps them by its selected fields, as objects for raw SQL (`db.all(sql...)`), the first row for `get`.
 */
class PostgresSession extends SQLiteSession<'async', SqliteRemoteResult, Record<string, never>, Record<string, never>> {
  private readonly logger = new NoopLogger();
  private readonly cache = new NoopCache();

  /** `client` is the connection, which db/client.ts's `connectionOf` reads to keep what is prepared on it. */
  constructor(
    readonly client: object,
    private readonly send: Send,
    dialect: PostgresDialect,
  ) {
    super(dialect);
  }

  /** Transactions are db/postgres.ts's (`immediate`, `snapshot`), each on a connection of its own. */
  override transaction(): never {
    throw new Error('a PostgreSQL transaction is run by immediate or snapshot (db/client.ts)');
  }

  override prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
  ): RemotePreparedQuery {
    const arrays = Boolean(fields ?? customResultMapper);
    const statement: RemotePreparedQuery = new RemotePreparedQuery(
      async (text, params, method) => {
        const answer = await this.send({ text, name: names.get(statement), rowMode: arrays || method === 'values' ? 'array' : undefined }, params);
        return { ...answer, rows: method === 'get' ? (answer.rows[0] as unknown[]) : answer.rows };
      },
      query,
      this.logger,
      this.cache,
      undefined,
      undefined,
      fields,
      executeMethod,
      isResponseInArrayMode,
      customResultMapper,
    );
    return statement;
  }
}

/** A drizzle database whose statements `send` runs on `client`, a connection to PostgreSQL or a pool of them. */
export function pgDatabase(client: object, send: Send): PgDb {
  const dialect = new PostgresDialect();
  return new SqliteRemoteDatabase('async', dialect, new PostgresSession(client, send, dialect), undefined);
}
