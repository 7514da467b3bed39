import { sql, type SQL } from 'drizzle-orm';
import { later } from './batching';
import type { Tx } from './client';
import { onPostgres } from './dialect';

/**
 * What a write locks before it reads: a device's sync record, an account (whose caps it checks), flights, bookings with their
 * flights and payments, a payment (that is, its booking), a conversation, the settings row, or the guard of the last
 * active admin.
 */
export type LockRequest = {
  /** A device's sync record, which no other write locks: first, outside the order. */
  syncClient?: string;
  accounts?: readonly string[];
  flights?: readonly (string | null)[];
  bookings?: readonly string[];
  payment?: { id: string } | { accessKey: string };
  conversation?: string;
  settings?: true;
  admins?: true;
};

const idsOf = (values: readonly (string | null)[] | undefined): string[] => [...new Set(values?.filter((v): v is string => Boolean(v)))].sort();

/** A lock's answer is not needed: it goes with the transaction's next message (db/batching.ts), which it precedes. */
function lock(tx: Tx, query: SQL): Promise<void> {
  return later(tx, () => Promise.resolve(tx.run(query)));
}

function lockIds(tx: Tx, table: string, ids: readonly string[]): Promise<void> {
  return ids.length ? lock(tx, sql`select id from ${sql.identifier(table)} where id in ${ids} order by id for no key update`) : Promise.resolve();
}

async function bookingOfPayment(tx: Tx, where: { id: string } | { accessKey: string }): Promise<string | undefined> {
  const condition = 'id' in where ? sql`id = ${where.id}` : sql`access_key = ${where.accessKey}`;
  const row = await tx.get<{ booking_id: string } | undefined>(sql`select booking_id from payments where ${condition}`);
  return row?.booking_id;
}

async function flightsOfBookings(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.all<{ flight_id: string; return_flight_id: string | null }>(sql`select flight_id, return_flight_id from bookings where id in ${ids}`);
  return rows.flatMap((row) => [row.flight_id, row.return_flight_id]).filter((id): id is string => id !== null);
}

/**
 * NOTE: on PostgreSQL writes run side by side (docs/decisions/023), so a rule that reads before it writes
 * (a seat still free, a payment still pending, the unpaid-holds cap, the last active admin) holds only if
 * the rows it reads are locked first. Every write locks in one order, so two writes never wait for each
 * other in a circle: the admins' guard, accounts, flights by id, bookings by id, their payments, a conversation,
 * the settings. `FOR NO KEY UPDATE` leaves rows that only point at a locked row (a new booking of a locked
 * flight, a message of a locked account) free to be written. SQLite has one writer and locks nothing here.
 * Answers whether rows were locked: on SQLite nothing else wrote since they were read, so nothing needs reading again.
 */
export async function lockFor(tx: Tx, request: LockRequest): Promise<boolean> {
  if (!onPostgres(tx)) return false;
  if (request.syncClient) await lock(tx, sql`select client_id from sync_clients where client_id = ${request.syncClient} for no key update`);
  if (request.admins) await lock(tx, sql`select id from sync_state where id = 1 for no key update`);
  await lockIds(tx, 'users', idsOf(request.accounts));
  const ofPayment = request.payment ? await bookingOfPayment(tx, request.payment) : undefined;
  const bookings = idsOf([...(request.bookings ?? []), ofPayment ?? null]);
  await lockIds(tx, 'flights', idsOf([...(request.flights ?? []), ...(await flightsOfBookings(tx, bookings))]));
  await lockIds(tx, 'bookings', bookings);
  if (bookings.length) await lock(tx, sql`select id from payments where booking_id in ${bookings} order by id for no key update`);
  if (request.conversation) await lockIds(tx, 'conversations', [request.conversation]);
  if (request.settings) await lock(tx, sql`select id from settings order by id for no key update`);
  return true;
}
