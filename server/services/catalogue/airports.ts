import { randomUUID } from 'node:crypto';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Airport, AirportBody } from '../../../sync/schemas/airport';
import { preparedCache, type Queryable, type Tx } from '../../db/client';
import { airports, flights } from '../../db/schema';
import { nextVersion, recordDelete } from '../../db/version';
import { conflict, invalidField, notFound } from '../../errors';
import { airportRecord } from './airport-data';

export type AirportRow = typeof airports.$inferSelect;

export function toAirportJson(row: AirportRow): Airport {
  return {
    _id: row.id,
    name: row.name,
    code: row.code,
    city: row.city,
    country: row.country,
    timeZone: row.timeZone,
    createdAt: row.createdAt,
  };
}

export function listAirports(q: Queryable): AirportRow[] {
  return q.select().from(airports).orderBy(asc(airports.city), asc(airports.code)).all();
}

function buildFind(q: Queryable) {
  return q
    .select()
    .from(airports)
    .where(or(eq(airports.id, sql.placeholder('id')), eq(airports.code, sql.placeholder('code'))))
    .prepare();
}

const prepared = preparedCache<ReturnType<typeof buildFind>>();

/** Finds an airport by id or by its IATA code (prepared once: it runs on every search). */
export function findAirport(q: Queryable, idOrCode: string): AirportRow | undefined {
  return prepared(q, 'find', () => buildFind(q)).get({ id: idOrCode, code: idOrCode.toUpperCase() });
}

export function getAirport(q: Queryable, idOrCode: string): AirportRow {
  const row = findAirport(q, idOrCode);
  if (!row) throw notFound('Airport');
  return row;
}

function timeZoneFor(body: Pick<AirportBody, 'code' | 'timeZone'>): string {
  const zone = body.timeZone ?? airportRecord(body.code)?.tz;
  if (!zone) throw invalidField('Time zone is required', 'timeZone');
  return zone;
}

function assertCodeFree(q: Queryable, code: string, exceptId?: string): void {
  const existing = q.select({ id: airports.id }).from(airports).where(eq(airports.code, code)).get();
  if (existing && existing.id !== exceptId) throw conflict(`Airport code ${code} already exists`, 'already_exists');
}

export function createAirport(tx: Tx, body: AirportBody, at: Date): AirportRow {
  const timeZone = timeZoneFor(body);
  const now = at.toISOString();
  assertCodeFree(tx, body.code);
  return tx
    .insert(airports)
    .values({ id: randomUUID(), ...body, timeZone, createdAt: now, updatedAt: now, version: nextVersion(tx) })
    .returning()
    .get();
}

export function updateAirport(tx: Tx, id: string, body: Partial<AirportBody>, now: Date): AirportRow {
  const current = getAirport(tx, id);
  if (body.code) assertCodeFree(tx, body.code, current.id);
  const code = body.code ?? current.code;
  const timeZone = body.timeZone ?? (body.code ? timeZoneFor({ code }) : current.timeZone);
  const version = nextVersion(tx);
  const row = tx
    .update(airports)
    .set({ ...body, timeZone, updatedAt: now.toISOString(), version })
    .where(eq(airports.id, current.id))
    .returning()
    .get();
  if (!row) throw notFound('Airport');
  // Flights embed their airports (and bookings their flights): the next pull sends them again.
  tx.update(flights)
    .set({ version })
    .where(or(eq(flights.originId, row.id), eq(flights.destinationId, row.id)))
    .run();
  return row;
}

export function deleteAirport(tx: Tx, id: string, now: Date): void {
  const current = getAirport(tx, id);
  const used = tx
    .select({ id: flights.id })
    .from(flights)
    .where(or(eq(flights.originId, current.id), eq(flights.destinationId, current.id)))
    .get();
  if (used) throw conflict('This airport is used by flights and cannot be deleted', 'in_use');
  tx.delete(airports).where(eq(airports.id, current.id)).run();
  recordDelete(tx, 'airports', current.id, nextVersion(tx), now);
}
