import { Column, getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import {
  bigint,
  customType,
  ForeignKeyBuilder,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type IndexBuilder,
  type PgColumn,
  type PgTable,
  type PrimaryKeyBuilder,
} from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteBaseInteger, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as sqlite from './schema';

/**
 * The PostgreSQL schema drizzle-kit reads to write `migrations/pg`, generated from the SQLite tables of
 * `schema.ts`, the one runtime table set (docs/decisions/010): the same tables, column names, defaults,
 * not-nulls, keys and indexes. Integers become bigint (some hold epoch milliseconds), text stays text
 * (ISO instants and JSON too), a buffer blob becomes bytea, and an autoincrement key becomes an identity column.
 */

type SqliteTables = typeof sqlite;

type Built = PgColumn | IndexBuilder | PrimaryKeyBuilder | ForeignKeyBuilder;

/** NOTE: node-postgres sends a Buffer parameter as bytes and reads bytea back as a Buffer, so no mapping is needed either way. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const pgTables = new Map<SQLiteTable, PgTable>();

/** The PostgreSQL twin of a table of schema.ts. */
function pgTableOf(table: SQLiteTable): PgTable {
  const found = pgTables.get(table);
  if (!found) throw new Error(`schema-pg: ${getTableName(table)} is not a table of schema.ts`);
  return found;
}

type Resolve = (column: Column) => PgColumn;

/** Finds a SQLite column's PostgreSQL twin: among `own` (the columns drizzle hands the table's constraint builder) or another table's. */
function resolver(table: SQLiteTable, own: Record<string, PgColumn>): Resolve {
  return (column) => {
    const columns = column.table === table ? own : getTableColumns(pgTableOf(column.table as SQLiteTable));
    const found = Object.values(columns).find((c) => c.name === column.name);
    if (!found) throw new Error(`schema-pg: no column ${column.name}`);
    return found;
  };
}

/** The same SQL with every SQLite column replaced by its PostgreSQL twin. */
function pgSql(expression: SQL, resolve: Resolve): SQL {
  return new SQL(expression.queryChunks.map((chunk) => (is(chunk, Column) ? resolve(chunk) : is(chunk, SQL) ? pgSql(chunk, resolve) : chunk)));
}

function pgColumn(column: SQLiteColumn) {
  const builder = columnType(column);
  if (column.notNull) builder.notNull();
  if (column.primary) builder.primaryKey();
  return builder;
}

/**
 * NOTE: a default is kept as stored (a JSON column's as its text); an sql`` default is copied as
 * written, and the PostgreSQL migration test applies it, so SQLite-only SQL fails there.
 */
function columnType(column: SQLiteColumn) {
  const value: unknown = column.default === undefined || is(column.default, SQL) ? column.default : column.mapToDriverValue(column.default);
  switch (column.columnType) {
    case 'SQLiteInteger': {
      const integer = bigint(column.name, { mode: 'number' });
      if (is(column, SQLiteBaseInteger) && column.autoIncrement) integer.generatedByDefaultAsIdentity();
      if (typeof value === 'number' || is(value, SQL)) integer.default(value);
      return integer;
    }
    case 'SQLiteText':
    case 'SQLiteTextJson': {
      const string = text(column.name);
      if (typeof value === 'string' || is(value, SQL)) string.default(value);
      return string;
    }
    case 'SQLiteBlobBuffer':
      if (value !== undefined) throw new Error(`schema-pg: ${column.name} is a blob with a default, which has no PostgreSQL mapping yet`);
      return bytea(column.name);
    default:
      throw new Error(`schema-pg: ${column.name} has type ${column.columnType}, which has no PostgreSQL mapping yet`);
  }
}

function columnsOf(columns: (SQLiteColumn | SQL)[], resolve: Resolve): [PgColumn | SQL, ...(PgColumn | SQL)[]] {
  const [first, ...rest] = columns.map((c) => (is(c, SQL) ? pgSql(c, resolve) : resolve(c)));
  if (!first) throw new Error('schema-pg: an index without columns');
  return [first, ...rest];
}

function constraints(table: SQLiteTable, own: Record<string, PgColumn>): Built[] {
  const config = getTableConfig(table);
  const resolve = resolver(table, own);
  if (config.checks.length > 0 || config.uniqueConstraints.length > 0) {
    throw new Error(`schema-pg: ${config.name} has checks or unique constraints, which have no PostgreSQL mapping yet`);
  }
  const columnUniques = config.columns.filter((c) => c.isUnique).map((c) => uniqueIndex(c.uniqueName).on(resolve(c)));
  const indexes = config.indexes.map(({ config: i }) => {
    const built = (i.unique ? uniqueIndex : index)(i.name).on(...columnsOf(i.columns, resolve));
    return i.where ? built.where(pgSql(i.where, resolve)) : built;
  });
  const primaryKeys = config.primaryKeys.map((pk) => primaryKey({ name: pk.getName(), columns: columnsOf(pk.columns, resolve) as [PgColumn, ...PgColumn[]] }));
  const foreignKeys = config.foreignKeys.map((fk) => {
    const { columns, foreignColumns } = fk.reference();
    return new ForeignKeyBuilder(() => ({ name: fk.getName(), columns: columns.map(resolve), foreignColumns: foreignColumns.map(resolve) }), {
      onDelete: fk.onDelete,
      onUpdate: fk.onUpdate,
    });
  });
  return [...columnUniques, ...indexes, ...primaryKeys, ...foreignKeys];
}

function toPg(table: SQLiteTable): PgTable {
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]: [string, SQLiteColumn]) => [key, pgColumn(column)]));
  // NOTE: drizzle calls the constraint builder lazily, once every table is built, so references resolve.
  const pg = pgTable(getTableName(table), columns, (own) => constraints(table, own));
  pgTables.set(table, pg);
  return pg;
}

const tables = Object.fromEntries(
  Object.entries(sqlite)
    .filter(([, value]) => is(value, SQLiteTable))
    .map(([key, table]) => [key, toPg(table)]),
) as { [K in keyof SqliteTables]: PgTable };

// drizzle-kit reads only a module's named exports, so each table is exported by its name in schema.ts.
export const {
  users,
  loginFailures,
  airports,
  flights,
  flightChanges,
  bookings,
  travellers,
  seatAllocations,
  payments,
  settings,
  images,
  imageFiles,
  conversations,
  messages,
  auditLog,
  mailOutbox,
  syncState,
  tombstones,
  syncClients,
  mutationResults,
  contactMessages,
  passwordResets,
  emailVerifications,
  events,
  pushSubscriptions,
  pushKeys,
} = tables;
