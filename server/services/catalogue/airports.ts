import { randomUUID } from 'node:crypto';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Airport, AirportBody } from '../../../sync/schemas/airport';
import { first, only, prepareOnce, preparedCache, type Queryable, type Tx } from '../../db/client';
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

export async function listAirports(q: Queryable): Promise<AirportRow[]> {
  return await q.select().from(airports).orderBy(asc(airports.city), asc(airports.code));
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
export async function findAirport(q: Queryable, idOrCode: string): Promise<AirportRow | undefined> {
  return await first(prepared(q, 'find', () => buildFind(q)).execute({ id: idOrCode, code: idOrCode.toUpperCase() }));
}

const findPair = prepareOnce((q) =>
  q
    .select()
    .from(airports)
    .where(
      or(
        eq(airports.id, sql.placeholder('a')),
        eq(airports.code, sql.placeholder('aCode')),
        eq(airports.id, sql.placeholder('b')),
        eq(airports.code, sql.placeholder('bCode')),
      ),
    )
    .prepare(),
);

/** Two airports, each by id or IATA code, in one read (a route search names both); undefined where one is not found. */
export async function findAirportPair(q: Queryable, a: string, b: string): Promise<[AirportRow | undefined, AirportRow | undefined]> {
  const rows = await findPair(q).execute({ a, aCode: a.toUpperCase(), b, bCode: b.toUpperCase() });
  const match = (key: string) => rows.find((row) => row.id === key) ?? rows.find((row) => row.code === key.toUpperCase());
  return [match(a), match(b)];
}

export async function getAirport(q: Queryable, idOrCode: string): Promise<AirportRow> {
  const row = await findAirport(q, idOrCode);
  if (!row) throw notFound('Airport');
  return row;
}

function timeZoneFor(body: Pick<AirportBody, 'code' | 'timeZone'>): string {
  const zone = body.timeZone ?? airportRecord(body.code)?.tz;
  if (!zone) throw invalidField('Time zone is required', 'timeZone');
  return zone;
}

async function assertCodeFree(q: Queryable, code: string, exceptId?: string): Promise<void> {
  const existing = await first(q.select({ id: airports.id }).from(airports).where(eq(airports.code, code)));
  if (existing && existing.id !== exceptId) throw conflict(`Airport code ${code} already exists`, 'already_exists');
}

export async function createAirport(tx: Tx, body: AirportBody, at: Date): Promise<AirportRow> {
  const timeZone = timeZoneFor(body);
  const now = at.toISOString();
  await assertCodeFree(tx, body.code);
  return await only(
    tx
      .insert(airports)
      .values({ id: randomUUID(), ...body, timeZone, createdAt: now, updatedAt: now, version: await nextVersion(tx) })
      .returning(),
  );
}

export async function updateAirport(tx: Tx, id: string, body: Partial<AirportBody>, now: Date): Promise<AirportRow> {
  const current = await getAirport(tx, id);
  if (body.code) await assertCodeFree(tx, body.code, current.id);
  const code = body.code ?? current.code;
  const timeZone = body.timeZone ?? (body.code ? timeZoneFor({ code }) : current.timeZone);
  const version = await nextVersion(tx);
  const row = await first(
    tx
      .update(airports)
      .set({ ...body, timeZone, updatedAt: now.toISOString(), version })
      .where(eq(airports.id, current.id))
      .returning(),
  );
  if (!row) throw notFound('Airport');
  // Flights embed their airports (and bookings their flights): the next pull sends them again.
  await tx
    .update(flights)
    .set({ version })
    .where(or(eq(flights.originId, row.id), eq(flights.destinationId, row.id)));
  return row;
}

export async function deleteAirport(tx: Tx, id: string, now: Date): Promise<void> {
  const current = await getAirport(tx, id);
  const used = await first(
    tx
      .select({ id: flights.id })
      .from(flights)
      .where(or(eq(flights.originId, current.id), eq(flights.destinationId, current.id))),
  );
  if (used) throw conflict('This airport is used by flights and cannot be deleted', 'in_use');
  await tx.delete(airports).where(eq(airports.id, current.id));
  await recordDelete(tx, 'airports', current.id, await nextVersion(tx), now);
}
