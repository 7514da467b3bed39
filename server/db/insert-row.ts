import { getTableColumns, getTableName, is, sql, SQL, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { later } from './batching';
import { preparedCache, type Tx } from './client';

type Statement = { execute: (values: Record<string, unknown>) => Promise<unknown> };

const statements = preparedCache<Statement>();

/** The row's given columns (undefined leaves a column to its default, as drizzle's insert does), in one order. */
function givenKeys(row: Record<string, unknown>): string[] {
  return Object.keys(row)
    .filter((key) => row[key] !== undefined)
    .sort();
}

/**
 * NOTE: drizzle builds an insert's SQL anew on every call, which cost a booking about 0.5 ms of its five
 * inserts. Here the insert is built once per connection, table and set of given columns, with a placeholder
 * per column, and then only run; drizzle encodes each placeholder's value with its column's encoder when it
 * runs (JSON columns included). No column of schema.ts has a `$defaultFn`, the one thing building once
 * would freeze.
 */
function prepared(q: Tx, table: SQLiteTable, keys: string[], returning: boolean): Statement {
  return statements(q, `${getTableName(table)}(${keys.join(',')})${returning ? ' returning' : ''}`, () => {
    const columns: Record<string, Column> = getTableColumns(table);
    for (const key of keys) if (!columns[key]) throw new Error(`insertRow: ${getTableName(table)} has no column ${key}`);
    const insert = q.insert(table).values(Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])));
    return (returning ? insert.returning() : insert).prepare();
  });
}

/** Inserts one row through a statement prepared once for its table and columns. */
export async function insertRow<T extends SQLiteTable>(q: Tx, table: T, row: T['$inferInsert']): Promise<void> {
  const keys = givenKeys(row);
  await prepared(q, table, keys, false).execute(row);
}

/** insertRow answering the row as stored. */
export async function insertReturning<T extends SQLiteTable>(q: Tx, table: T, row: T['$inferInsert']): Promise<T['$inferSelect']> {
  const keys = givenKeys(row);
  const [stored] = (await prepared(q, table, keys, true).execute(row)) as T['$inferSelect'][];
  if (stored === undefined) throw new Error('an insert answered no row');
  return stored;
}

/** The row as the insert stores it: the given values, else each column's default, else null. */
function asStored<T extends SQLiteTable>(table: T, row: T['$inferInsert']): T['$inferSelect'] {
  const given = row as Record<string, unknown>;
  const columns: Record<string, Column> = getTableColumns(table);
  const stored = Object.entries(columns).map(([key, column]) => {
    if (given[key] !== undefined) return [key, given[key]];
    if (is(column.default, SQL)) throw new Error(`insertLater: ${getTableName(table)}.${key} has a default only the database knows`);
    return [key, column.default ?? null];
  });
  return Object.fromEntries(stored) as T['$inferSelect'];
}

/**
 * insertRow whose answer the transaction does not wait for (`later`): on PostgreSQL it goes with the
 * transaction's next message, often its commit. Answers the row as it will be stored, built here from the
 * given values and the columns' defaults; a refusal (a unique rule) fails that message, so the transaction.
 */
export async function insertLater<T extends SQLiteTable>(q: Tx, table: T, row: T['$inferInsert']): Promise<T['$inferSelect']> {
  const stored = asStored(table, row);
  await later(q, () => insertRow(q, table, row));
  return stored;
}
