import { randomUUID } from 'node:crypto';
import { asc, gte, lt } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { immediate, type Db, type Tx } from '../db/client';
import { onPostgres } from '../db/dialect';
import { insertRow } from '../db/insert-row';
import { flights } from '../db/schema';

const DAY_MS = 86_400_000;
/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
export const CHUNK = 400;

/** A flight as the volume seeder books it: when it leaves (ms) and its fare. */
export type FlightSlot = { id: string; departs: number; priceCents: number };

export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Inserts many rows of one table: on SQLite one statement prepared once and run per row (building a
 * many-row insert costs more than running it there), on PostgreSQL many rows per statement (one round trip each).
 */
export async function insertMany<T extends SQLiteTable>(q: Tx, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (!onPostgres(q)) {
    for (const row of rows) await insertRow(q, table, row);
    return;
  }
  for (let at = 0; at < rows.length; at += CHUNK) await q.insert(table).values(rows.slice(at, at + CHUNK));
}

/**
 * A year of schedule behind the one the app seeded: the first seeded week, repeated week by week back
 * until `days` before `now` (same routes, numbers and clock times; departed). Nothing is added when the
 * schedule already reaches back that far, so a second run books into the same history.
 */
export async function addFlightHistory(db: Db, now: Date, days: number, version: number): Promise<number> {
  const earliest = (await db.select({ date: flights.departureLocalDate }).from(flights).orderBy(asc(flights.departureLocalDate)).limit(1))[0]?.date;
  if (!earliest) throw new Error('No flights to repeat: start the app once with SEED=demo first');
  const oldest = now.getTime() - days * DAY_MS;
  const template = await db
    .select()
    .from(flights)
    .where(lt(flights.departureLocalDate, shiftDate(earliest, 7)));
  const rows: (typeof flights.$inferInsert)[] = [];
  for (let week = 1; Date.parse(`${shiftDate(earliest, -7 * week)}T00:00:00Z`) > oldest - 7 * DAY_MS; week++) {
    const shift = -7 * week * DAY_MS;
    for (const flight of template) {
      const departs = Date.parse(flight.departureTime) + shift;
      if (departs < oldest) continue;
      const created = new Date(departs - 90 * DAY_MS).toISOString();
      rows.push({
        ...flight,
        id: randomUUID(),
        departureTime: new Date(departs).toISOString(),
        arrivalTime: new Date(Date.parse(flight.arrivalTime) + shift).toISOString(),
        departureLocalDate: shiftDate(flight.departureLocalDate, -7 * week),
        status: 'departed',
        gate: null,
        boardingTime: null,
        createdAt: created,
        updatedAt: created,
        version,
      });
    }
  }
  await immediate(db, (tx) => insertMany(tx, flights, rows));
  return rows.length;
}

/** Every flight from `since` on, by departure. */
export async function flightSlots(db: Db, since: Date): Promise<FlightSlot[]> {
  const rows = await db
    .select({ id: flights.id, departureTime: flights.departureTime, priceCents: flights.priceCents })
    .from(flights)
    .where(gte(flights.departureTime, since.toISOString()))
    .orderBy(asc(flights.departureTime));
  return rows.map((row) => ({ id: row.id, departs: Date.parse(row.departureTime), priceCents: row.priceCents }));
}
