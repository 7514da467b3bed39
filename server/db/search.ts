import { and, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable } from './client';
import { contains } from './contains';
import { onPostgres } from './dialect';
import { auditLog, bookings, flights, payments, travellers, users } from './schema';

/** Searched text of one table and, on SQLite, the trigram index over it (migrations 0015 and 0017; docs/decisions/021). */
export type Searched = { table: SQLiteTable; index: string; columns: (SQLiteColumn | SQL)[] };

export const bookingReferences: Searched = { table: bookings, index: 'bookings_search', columns: [bookings.reference] };
export const transactionIds: Searched = { table: payments, index: 'payments_search', columns: [payments.transactionId] };
export const userNames: Searched = { table: users, index: 'users_search', columns: [users.fullName, users.email] };
export const passengerNames: Searched = {
  table: travellers,
  index: 'travellers_search',
  columns: [sql`${travellers.firstName} || ' ' || ${travellers.lastName}`],
};
export const flightNumbers: Searched = { table: flights, index: 'flights_search', columns: [flights.flightNumber] };
export const auditLabels: Searched = { table: auditLog, index: 'audit_search', columns: [auditLog.label] };

/** PostgreSQL's trigram indexes (migrations pg 0010 and 0012), which schema.ts does not describe: SQLite has none. */
export const POSTGRES_SEARCH_INDEXES = [
  'bookings_reference_trgm',
  'payments_transaction_id_trgm',
  'users_full_name_trgm',
  'users_email_trgm',
  'travellers_name_trgm',
  'flights_flight_number_trgm',
  'audit_log_label_trgm',
];

/**
 * What a list's set of matching rows holds of each row: on SQLite the rowid, one lookup where the text id
 * takes two (its index, then the row); on PostgreSQL, which has no rowid, the primary key.
 */
export function rowKey(q: Queryable, table: SQLiteTable, id: SQLiteColumn): SQL<string> {
  return onPostgres(q) ? sql<string>`${id}` : sql<string>`${table}.rowid`;
}

/** The shortest text a trigram index finds: a phrase of fewer characters matches no row. */
const TRIGRAM = 3;

/**
 * The rows of `searched.table` where one of its columns contains `text` (contains(): any case, % and _
 * as typed). On PostgreSQL the condition is contains() itself, which the trigram GIN indexes serve. On
 * SQLite the trigram index names the rows whose text holds every three characters of `text` in order, a
 * superset of the answer, and contains() keeps the exact ones. NOTE: text of one or two characters has no
 * trigram, so it reads the whole table, as every search did before; so short a term finds most rows anyway.
 */
export function matching(q: Queryable, searched: Searched, text: string): SQL {
  const exact = or(...searched.columns.map((column) => contains(column, text))) ?? sql`false`;
  if (onPostgres(q) || [...text].length < TRIGRAM) return exact;
  const index = sql.identifier(searched.index);
  const phrase = `"${text.toLowerCase().replaceAll('"', '""')}"`;
  return and(sql`${searched.table}.rowid in (select rowid from ${index} where ${index} match ${phrase})`, exact) ?? exact;
}
