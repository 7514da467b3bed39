import { eq, is, sql } from 'drizzle-orm';
import { pgDatabase, type PgDb } from '../db/pg-driver';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { alias, getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { prepareOnce, type Db, type SqliteDb } from '../db/client';
import { constraintRejection } from '../db/constraints';
import { migratePostgres } from '../db/pg-migrate';
import { POSTGRES_SEARCH_INDEXES } from '../db/search';
import * as sqliteSchema from '../db/schema';
import { airports, auditLog, bookings, flights, imageFiles, images, seatAllocations, users } from '../db/schema';
import * as pgSchema from '../db/schema-pg';
import journal from '../../migrations/pg/meta/_journal.json';
import { createTestDatabase } from './pg-database';

/** Per table: its columns as `name, not null, primary key, default`, and its indexes' names (primary keys' aside). */
type Shape = Record<string, { columns: string[]; indexes: string[] }>;

function describeColumn(name: string, notNull: boolean, primary: boolean, stored?: unknown): string {
  return [name, notNull ? 'not null' : 'null', primary ? 'primary key' : '', stored === undefined ? '' : `default ${JSON.stringify(stored)}`].join(' ').trim();
}

function sqliteShape(): Shape {
  const tables = Object.values(sqliteSchema).filter((value) => is(value, SQLiteTable));
  return Object.fromEntries(
    tables.map((table) => {
      const config = sqliteTableConfig(table);
      const composite = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      const columns = config.columns.map((c) =>
        describeColumn(c.name, c.notNull, c.primary || composite.has(c.name), c.default === undefined ? undefined : c.mapToDriverValue(c.default)),
      );
      const indexes = [...config.indexes.map((i) => i.config.name), ...config.columns.filter((c) => c.isUnique).map((c) => c.uniqueName ?? '')];
      return [config.name, { columns: columns.sort(), indexes: indexes.sort() }];
    }),
  );
}

function pgSchemaShape(): Shape {
  const tables = Object.values(pgSchema).filter((value) => is(value, PgTable));
  return Object.fromEntries(
    tables.map((table) => {
      const config = pgTableConfig(table);
      const composite = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      const columns = config.columns.map((c) => describeColumn(c.name, c.notNull, c.primary || composite.has(c.name), c.default));
      return [config.name, { columns: columns.sort(), indexes: config.indexes.map((i) => i.config.name ?? '').sort() }];
    }),
  );
}

/** A column default as PostgreSQL reports it ('pending'::text, 0), read back as the stored value. */
function storedDefault(expression: string | null): unknown {
  if (expression === null) return undefined;
  const quoted = /^'(.*)'::text$/s.exec(expression)?.[1];
  if (quoted !== undefined) return quoted.replaceAll("''", "'");
  return /^-?\d+$/.test(expression) ? Number(expression) : expression;
}

async function databaseShape(pool: pg.Pool): Promise<Shape> {
  const columns = await pool.query<{ table: string; column: string; not_null: boolean; primary: boolean; default: string | null }>(`
    select c.table_name as table, c.column_name as column, c.is_nullable = 'NO' as not_null, c.column_default as default,
      exists (select 1 from information_schema.table_constraints t
        join information_schema.key_column_usage k on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
        where t.constraint_type = 'PRIMARY KEY' and t.table_schema = 'public' and k.table_name = c.table_name and k.column_name = c.column_name) as primary
    from information_schema.columns c where c.table_schema = 'public'`);
  const indexes = await pool.query<{ table: string; index: string }>(`
    select t.relname as table, i.relname as index from pg_index x
    join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and not x.indisprimary`);
  const shape: Shape = {};
  for (const row of columns.rows)
    (shape[row.table] ??= { columns: [], indexes: [] }).columns.push(describeColumn(row.column, row.not_null, row.primary, storedDefault(row.default)));
  // PostgreSQL's trigram indexes stand for SQLite's search tables (db/search.ts), which schema.ts does not describe either.
  for (const row of indexes.rows) if (!POSTGRES_SEARCH_INDEXES.includes(row.index)) shape[row.table]?.indexes.push(row.index);
  for (const table of Object.values(shape)) {
    table.columns.sort();
    table.indexes.sort();
  }
  return shape;
}

/** The PostgreSQL error under drizzle's wrapper. */
async function refusal(write: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  const error: unknown = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the write should have been refused').toBeInstanceOf(Error);
  const cause = (error as Error).cause as { code?: string; constraint?: string } | undefined;
  return { code: cause?.code, constraint: cause?.constraint };
}

describe('the PostgreSQL schema', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let pool: pg.Pool;
  let otherProcess: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url });
    otherProcess = new pg.Pool({ connectionString: database.url });
    // Two processes starting together: both must succeed.
    await Promise.all([migratePostgres(pool), migratePostgres(otherProcess)]);
  });

  afterAll(async () => {
    if (!database) return;
    await Promise.all([pool.end(), otherProcess.end()]);
    await database.drop();
  });

  it('generated from schema.ts has the same tables, columns, not-nulls, primary keys and indexes', () => {
    expect(pgSchemaShape()).toEqual(sqliteShape());
  });

  it('is what migrations/pg makes (no `npm run db:generate:pg` missing)', async () => {
    expect(await databaseShape(pool)).toEqual(sqliteShape());
  });

  it('is migrated once by two processes starting together', async () => {
    const applied = await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    const syncState = await pool.query<{ id: string; version: string }>('select id, version from sync_state');
    expect(syncState.rows).toEqual([{ id: 1, version: 0 }]);
    await migratePostgres(pool);
    expect((await pool.query('select 1 from sync_state')).rowCount).toBe(1);
  });

  describe('through drizzle with the SQLite tables, as the app runs', () => {
    const stamp = '2030-01-01T00:00:00.000Z';
    let db: PgDb;
    const allocation = (id: string, state: 'held' | 'sold' | 'released') => ({ id, flightId: 'f1', seatLabel: 'A1', bookingId: 'b1', state, createdAt: stamp });

    beforeAll(async () => {
      db = pgDatabase(pool, (statement, values) => pool.query(statement, values));
      await db
        .insert(airports)
        .values(['AAA', 'BBB'].map((code) => ({ id: code, name: code, code, city: code, country: 'US', timeZone: 'UTC', createdAt: stamp, updatedAt: stamp })));
      await db.insert(flights).values({
        id: 'f1',
        flightNumber: 'SK1',
        originId: 'AAA',
        destinationId: 'BBB',
        departureTime: stamp,
        arrivalTime: stamp,
        departureLocalDate: '2030-01-01',
        priceCents: 10_000,
        createdAt: stamp,
        updatedAt: stamp,
      });
      await db.insert(users).values({ id: 'u1', fullName: 'Ann', email: 'a@x.io', createdAt: stamp, updatedAt: stamp });
      await db.insert(bookings).values({
        id: 'b1',
        reference: 'REF001',
        userId: 'u1',
        flightId: 'f1',
        travelClass: 'Economy',
        email: 'a@x.io',
        phone: '1',
        totalCents: 10_000,
        createdAt: stamp,
        updatedAt: stamp,
      });
    });

    it('refuses a second live allocation of a seat, and allows one after a release', async () => {
      await db.insert(seatAllocations).values(allocation('s1', 'held'));
      expect(await refusal(db.insert(seatAllocations).values(allocation('s2', 'sold')))).toEqual({ code: '23505', constraint: 'seat_allocations_active' });
      expect(await refusal(db.insert(seatAllocations).values(allocation('s2', 'held')))).toEqual({ code: '23505', constraint: 'seat_allocations_active' });
      const taken = await db
        .insert(seatAllocations)
        .values(allocation('s2', 'held'))
        .catch((error: unknown) => error);
      // A booking's seat inserts go with its commit on PostgreSQL: the refusal alone must name the seat.
      expect(constraintRejection(taken)).toMatchObject({ status: 409, code: 'seat_unavailable', message: 'Seat A1 is no longer available' });
      await db.update(seatAllocations).set({ state: 'released' });
      await db.insert(seatAllocations).values(allocation('s2', 'sold'));
      await db.insert(seatAllocations).values(allocation('s3', 'released'));
    });

    it('stores a blob as bytea and reads it back as the same Buffer; it goes with its image', async () => {
      const data = Buffer.from([0, 1, 2, 255, 0, 92, 120, 39]);
      await db.insert(images).values({ id: 'i1', kind: 'receipt', mime: 'application/pdf', width: 0, height: 0, bytes: 8, sha256: 'x', createdAt: stamp });
      await db.insert(imageFiles).values({ id: 'i1', data });
      const [stored] = await db.select().from(imageFiles).where(eq(imageFiles.id, 'i1'));
      expect(Buffer.isBuffer(stored?.data) && stored.data.equals(data)).toBe(true);
      const type = await pool.query<{ type: string }>(`select pg_typeof(data)::text as type from image_files`);
      expect(type.rows).toEqual([{ type: 'bytea' }]);
      await db.delete(images).where(eq(images.id, 'i1'));
      expect(await db.select().from(imageFiles)).toEqual([]);
    });

    it("runs every way drizzle's SQLite builders ask, with PostgreSQL's SQL where the two differ", async () => {
      const entry = { action: 'booking.confirmed', entity: 'booking', entityId: 'b1', toStatus: 'confirmed', createdAt: stamp } as const;
      // An identity key left out: PostgreSQL's default (SQLite's dialect would write null).
      const [first, second] = await db.insert(auditLog).values([entry, entry]).returning({ id: auditLog.id });
      expect(second && first && second.id > first.id).toBe(true);
      // An upsert's conflict target by its column alone.
      await db
        .insert(users)
        .values({ id: 'u1', fullName: 'Ann B', email: 'a@x.io', createdAt: stamp, updatedAt: stamp })
        .onConflictDoUpdate({ target: users.id, set: { fullName: 'Ann B' } });
      const byId = db
        .select({ name: users.fullName })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare();
      expect(await byId.execute({ id: 'u1' })).toEqual([{ name: 'Ann B' }]);
      expect(await db.select({ name: users.fullName }).from(users).where(eq(users.id, 'u1')).get()).toEqual({ name: 'Ann B' });
      expect(await db.select().from(users).where(eq(users.id, 'nobody')).get()).toBeUndefined();
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, 'u1')).values()).toEqual([['u1']]);
      expect(await db.all<{ id: string }>(sql`select id from users where id = ${'u1'}`)).toEqual([{ id: 'u1' }]);
      expect(await db.$count(auditLog)).toBe(2);
      // A join under an alias of a SQLite table.
      const origin = alias(airports, 'origin');
      const [route] = await db.select({ from: origin.code }).from(flights).innerJoin(origin, eq(origin.id, flights.originId));
      expect(route).toEqual({ from: 'AAA' });
      // Through the type both engines share, an answer is rows or a promise of them: only awaited does it type-check.
      const shared: Db = db;
      const answer = shared.select({ id: users.id }).from(users).where(eq(users.id, 'u1')).all();
      expectTypeOf(answer).toEqualTypeOf<{ id: string }[] | Promise<{ id: string }[]>>();
      expect(await answer).toEqual([{ id: 'u1' }]);
      expectTypeOf<PgDb>().toExtend<Db>();
      expectTypeOf<SqliteDb>().toExtend<Db>();
    });

    it('names a statement kept per connection on the server, so PostgreSQL parses it once; no other', async () => {
      const names: (string | undefined)[] = [];
      const recorded = pgDatabase({}, (statement, values) => {
        names.push(statement.name);
        return pool.query(statement, values);
      });
      const byId = prepareOnce((q) =>
        q
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .prepare(),
      );
      expect(await byId(recorded).execute({ id: 'u1' })).toEqual([{ id: 'u1' }]);
      expect(await byId(recorded).execute({ id: 'u1' })).toEqual([{ id: 'u1' }]);
      await recorded.select().from(users);
      expect(names).toEqual([expect.stringMatching(/^s[\w-]{20}$/), names[0], undefined]);
    });

    it('refuses an e-mail already taken in another case', async () => {
      const copy = { id: 'u2', fullName: 'Ann', email: 'A@x.io', createdAt: stamp, updatedAt: stamp };
      expect(await refusal(db.insert(users).values(copy))).toEqual({ code: '23505', constraint: 'users_email_lower_unique' });
    });
  });
});
