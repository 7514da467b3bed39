import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immediate, openDatabase, type Queryable } from '../db/client';
import { contains } from '../db/contains';
import { migratePostgres } from '../db/pg-migrate';
import { auditLog, bookings, flights, payments, travellers, users } from '../db/schema';
import { auditLabels, matching, transactionIds, userNames } from '../db/search';
import { listAudit, recordChange } from '../services/back-office/audit';
import { bookingsMatching, listAllBookings } from '../services/booking/bookings';
import { searchAccounts } from '../services/identity/accounts';
import { listAllPayments, paymentsMatching } from '../services/payment/payments';
import { sqliteOf } from './fixtures';
import { startTestServer, TEST_ENGINE, type TestServer } from './harness';
import { databaseBefore } from './migration-fixtures';
import { createTestDatabase } from './pg-database';

const STAMP = '2026-03-01T10:00:00.000Z';

type Person = { name: string; email: string; reference: string; transactionId: string; passenger: [string, string] };

/** Texts chosen so that % and _ would match other rows if they were wildcards, and case and accents vary. */
const PEOPLE: Person[] = [
  { name: 'Zoë Quintero-Smith', email: 'zoe.q@example.com', reference: 'QZX7K2', transactionId: 'TXA1B2C3D4E5F6', passenger: ['Zoë', 'Quintero'] },
  { name: 'Percy 100% Sure', email: 'percent_sign@example.com', reference: 'PCT100', transactionId: 'TX100%OFF', passenger: ['Percy', 'Sure'] },
  { name: 'Percy 100x Sure', email: 'percentxsign@example.com', reference: 'PCX100', transactionId: 'TX100XOFF', passenger: ['Percy', 'Surely'] },
  { name: 'Una Under', email: 'under_score@example.com', reference: 'UND3RS', transactionId: 'TX_UNDER_1', passenger: ['Una', 'Under_Score'] },
  { name: 'Uma Underx', email: 'underxscore@example.com', reference: 'UNDX4S', transactionId: 'TXXUNDERX1', passenger: ['Uma', 'Underxscore'] },
  { name: 'Quote "Q" Person', email: 'quote@example.com', reference: 'QUO7E5', transactionId: 'TXQUOTE"1', passenger: ['Quote', 'Person'] },
];

/** What the lists answered before their indexes (decision 021): the same conditions, read by a full scan. */
function scanned(q: Queryable, list: 'payments' | 'bookings' | 'users', text: string): SQL {
  if (list === 'users') return or(contains(users.fullName, text), contains(users.email, text)) ?? sql`false`;
  if (list === 'payments') {
    const byBooking = q.select({ id: bookings.id }).from(bookings).where(contains(bookings.reference, text));
    const byUser = q
      .select({ id: users.id })
      .from(users)
      .where(or(contains(users.fullName, text), contains(users.email, text)));
    return or(contains(payments.transactionId, text), inArray(payments.bookingId, byBooking), inArray(payments.userId, byUser)) ?? sql`false`;
  }
  const byFlight = q.select({ id: flights.id }).from(flights).where(contains(flights.flightNumber, text));
  const byPassenger = q
    .select({ id: travellers.bookingId })
    .from(travellers)
    .where(contains(sql`${travellers.firstName} || ' ' || ${travellers.lastName}`, text));
  return (
    or(
      contains(bookings.reference, text),
      inArray(bookings.flightId, byFlight),
      inArray(bookings.returnFlightId, byFlight),
      inArray(bookings.id, byPassenger),
    ) ?? sql`false`
  );
}

async function scannedIds(q: Queryable, list: 'payments' | 'bookings' | 'users', text: string): Promise<string[]> {
  const rows =
    list === 'payments'
      ? await q
          .select({ id: payments.id })
          .from(payments)
          .where(scanned(q, list, text))
      : list === 'bookings'
        ? await q
            .select({ id: bookings.id })
            .from(bookings)
            .where(scanned(q, list, text))
        : await q
            .select({ id: users.id })
            .from(users)
            .where(and(ne(users.role, 'guest'), scanned(q, list, text)));
  return rows.map((r) => r.id).sort();
}

describe("the admins' search through trigram indexes: the answers of a full scan", () => {
  let server: TestServer;
  let db: Queryable;
  let flightId: string;
  const ids = new Map<string, { user: string; booking: string; payment: string }>();

  /** The ids each list answers for `text`, and the count it reports. */
  async function found(list: 'payments' | 'bookings' | 'users', text: string): Promise<{ ids: string[]; total: number }> {
    const query = { search: text, page: 1, limit: 100 };
    const answer =
      list === 'payments'
        ? await listAllPayments(server.ctx, query)
        : list === 'bookings'
          ? await listAllBookings(server.ctx, query)
          : await searchAccounts(db, query);
    return { ids: answer.items.map((item) => item._id).sort(), total: answer.total };
  }

  async function expectSameAsScan(text: string): Promise<Record<string, number>> {
    const totals: Record<string, number> = {};
    for (const list of ['payments', 'bookings', 'users'] as const) {
      const expected = await scannedIds(db, list, text);
      const answer = await found(list, text);
      expect(answer, `${list} for ${JSON.stringify(text)}`).toEqual({ ids: expected, total: expected.length });
      totals[list] = expected.length;
    }
    return totals;
  }

  async function addPerson(person: Person): Promise<void> {
    const row = { user: randomUUID(), booking: randomUUID(), payment: randomUUID() };
    await immediate(db, async (tx) => {
      await tx.insert(users).values({ id: row.user, fullName: person.name, email: person.email, createdAt: STAMP, updatedAt: STAMP });
      await tx.insert(bookings).values({
        id: row.booking,
        reference: person.reference,
        userId: row.user,
        flightId,
        travelClass: 'Economy',
        email: person.email,
        phone: '1',
        totalCents: 10_000,
        createdAt: STAMP,
        updatedAt: STAMP,
      });
      const [firstName, lastName] = person.passenger;
      await tx.insert(travellers).values({
        id: randomUUID(),
        bookingId: row.booking,
        position: 0,
        title: 'Mr',
        firstName,
        lastName,
        dob: '1990-01-01',
        nationality: 'NG',
        passportNumber: 'A1234567',
        passportCountry: 'NG',
        passportExpiry: '2030-01-01',
      });
      await tx.insert(payments).values({
        id: row.payment,
        transactionId: person.transactionId,
        accessKey: randomUUID(),
        bookingId: row.booking,
        userId: row.user,
        amountCents: 10_000,
        method: 'bank_transfer',
        deadlineAt: STAMP,
        createdAt: STAMP,
        updatedAt: STAMP,
      });
    });
    ids.set(person.reference, row);
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    db = server.ctx.db;
    const flight = (await db.select({ id: flights.id }).from(flights).limit(1))[0];
    if (!flight) throw new Error('the demo seed has no flight');
    flightId = flight.id;
    for (const person of PEOPLE) await addPerson(person);
  });
  afterAll(() => server.stop());

  it('finds a booking reference, a transaction id, an e-mail and a name fragment, in any case', async () => {
    const zoe = ids.get('QZX7K2');
    expect(await found('payments', 'qzx7k2')).toEqual({ ids: [zoe?.payment], total: 1 });
    expect(await found('bookings', 'QzX7k2')).toEqual({ ids: [zoe?.booking], total: 1 });
    expect(await found('payments', 'txa1b2c3d4E5F6')).toEqual({ ids: [zoe?.payment], total: 1 });
    expect(await found('payments', 'ZOE.Q@EXAMPLE.COM')).toEqual({ ids: [zoe?.payment], total: 1 });
    expect(await found('users', 'zoe.q@example')).toEqual({ ids: [zoe?.user], total: 1 });
    expect(await found('users', 'quinTERO-sm')).toEqual({ ids: [zoe?.user], total: 1 });
    expect(await found('bookings', 'zoë quint')).toEqual({ ids: [zoe?.booking], total: 1 });
    for (const text of ['qzx7k2', 'TXA1B2', 'zoe.q@', 'Quintero', 'zoë', 'EXAMPLE.COM', 'Percy', 'sure', 'q@ex']) await expectSameAsScan(text);
  });

  it('takes % and _ as typed, not as wildcards', async () => {
    const percy = ids.get('PCT100');
    const una = ids.get('UND3RS');
    expect(await found('payments', '100%')).toEqual({ ids: [percy?.payment], total: 1 });
    expect(await found('users', 't_s')).toEqual({ ids: [percy?.user], total: 1 });
    expect(await found('payments', 'tx_under')).toEqual({ ids: [una?.payment], total: 1 });
    expect(await found('bookings', 'under_sc')).toEqual({ ids: [una?.booking], total: 1 });
    expect(await found('users', '%')).toMatchObject({ total: 1 });
    for (const text of ['100%', '0% S', '%', '_', 'r_s', 'under_', '%off', 'x_', '"q"', '"', 'TXQUOTE"1']) await expectSameAsScan(text);
  });

  it('answers terms too short for a trigram, and terms nothing holds, as a scan does', async () => {
    for (const text of ['q', 'Zo', 'ë', '10', 'SK', 'nobody-has-this', 'zzz']) await expectSameAsScan(text);
    // A flight number: every booking of the demo's first flight.
    const flightNumber = (await db.select({ n: flights.flightNumber }).from(flights).where(eq(flights.id, flightId)))[0]?.n ?? '';
    expect((await expectSameAsScan(flightNumber)).bookings).toBeGreaterThanOrEqual(PEOPLE.length);
  });

  it('finds new rows, changed e-mails and names, and no longer finds deleted ones', async () => {
    await addPerson({ name: 'Nadia Newcomer', email: 'nadia@new.example', reference: 'NEW7AB', transactionId: 'TXNEWNEW01', passenger: ['Nadia', 'Newcomer'] });
    const nadia = ids.get('NEW7AB');
    expect(await found('payments', 'newnew')).toEqual({ ids: [nadia?.payment], total: 1 });
    expect(await found('users', 'newcomer')).toEqual({ ids: [nadia?.user], total: 1 });

    await immediate(db, async (tx) => {
      await tx
        .update(users)
        .set({ email: 'nadia.moved@elsewhere.example', fullName: 'Nadia Renamed' })
        .where(eq(users.id, nadia?.user ?? ''));
      await tx
        .update(travellers)
        .set({ lastName: 'Married' })
        .where(eq(travellers.bookingId, nadia?.booking ?? ''));
      await tx
        .update(payments)
        .set({ status: 'successful' })
        .where(eq(payments.id, nadia?.payment ?? ''));
    });
    expect(await found('payments', 'MOVED@else')).toEqual({ ids: [nadia?.payment], total: 1 });
    expect(await found('users', 'renamed')).toEqual({ ids: [nadia?.user], total: 1 });
    expect(await found('bookings', 'nadia married')).toEqual({ ids: [nadia?.booking], total: 1 });
    for (const text of ['nadia@new', 'newcomer', 'nadia newcomer']) expect(await expectSameAsScan(text)).toEqual({ payments: 0, bookings: 0, users: 0 });

    // A booking deleted (its payment and passengers go with it) and a payment deleted on its own.
    const zoe = ids.get('QZX7K2');
    await immediate(db, async (tx) => {
      await tx.delete(bookings).where(eq(bookings.id, nadia?.booking ?? ''));
      await tx.delete(payments).where(eq(payments.id, zoe?.payment ?? ''));
    });
    expect(await found('payments', 'txnewnew')).toEqual({ ids: [], total: 0 });
    expect(await found('bookings', 'new7ab')).toEqual({ ids: [], total: 0 });
    expect(await found('payments', 'txa1b2c3')).toEqual({ ids: [], total: 0 });
    expect(await found('bookings', 'qzx7k2')).toEqual({ ids: [zoe?.booking], total: 1 });
    for (const text of ['txnewnew', 'new7ab', 'txa1b2', 'nadia', 'married', 'zoë']) await expectSameAsScan(text);
  });

  it("finds the audit's rows by their label, as a scan does", async () => {
    const labels = ['Booking QZX7K2 (Zoë Quintero)', 'Payment TX100%OFF', 'Payment TX100XOFF', 'Account under_score@example.com'];
    const change = (i: number) =>
      ({ action: 'booking.cancelled', actorId: null, entity: 'booking', entityId: `audit-${i}`, from: null, to: 'cancelled' }) as const;
    await immediate(db, async (tx) => {
      for (const [i, label] of labels.entries()) await recordChange(tx, change(i), new Date(STAMP), { actorName: null, label });
    });
    const audited = async (text: string) => (await listAudit(db, { search: text, limit: 100, offset: 0 })).items.map((row) => row.id).sort();
    const scan = async (text: string) =>
      (await db.select({ id: auditLog.id }).from(auditLog).where(contains(auditLog.label, text))).map((row) => row.id).sort();
    expect(await audited('zoë quint')).toHaveLength(1);
    expect(await audited('100%')).toHaveLength(1);
    for (const text of ['qzx7k2', 'ZOË', '100%', 'x_', 'under_sc', 'tx100', 'Payment', 'zz', 'nothing-like-it'])
      expect(await audited(text), text).toEqual(await scan(text));
  });

  it.runIf(TEST_ENGINE === 'sqlite')('on SQLite keeps each index to the rows of its table, through every insert, update and delete', () => {
    const sqlite = sqliteOf(server.ctx);
    const tables = {
      bookings: 'bookings_search',
      payments: 'payments_search',
      users: 'users_search',
      travellers: 'travellers_search',
      flights: 'flights_search',
      audit_log: 'audit_search',
    };
    for (const [table, index] of Object.entries(tables)) {
      const rowids = (source: string) => (sqlite.prepare(source).pluck().all() as number[]).sort((a, b) => a - b);
      expect(rowids(`select rowid from ${index}`), index).toEqual(rowids(`select rowid from ${table}`));
    }
    // The text indexed is the row's: a changed e-mail is found under its new address only.
    const match = (index: string, text: string) => sqlite.prepare(`select count(*) from ${index} where ${index} match ?`).pluck().get(`"${text}"`);
    expect(match('users_search', 'nadia.moved@')).toBe(1);
    expect(match('users_search', 'nadia@new')).toBe(0);
    expect(match('travellers_search', 'nadia married')).toBe(0);
  });

  it.runIf(TEST_ENGINE === 'sqlite')('on SQLite reads the searched tables through their indexes, not row by row', async () => {
    const sqlite = sqliteOf(server.ctx);
    const plan = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
      const { sql: source, params } = query.toSQL();
      return (sqlite.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    };
    const text = 'txa1b2';
    const queue = plan(db.select().from(payments).where(paymentsMatching(db, text)).orderBy(desc(payments.createdAt)).limit(20));
    expect(queue.filter((step) => /^SCAN (payments|bookings|users)\b/.test(step))).toEqual([]);
    expect(queue.some((step) => step.includes('SCAN payments_search VIRTUAL TABLE'))).toBe(true);
    expect(queue.some((step) => step.includes('SCAN bookings_search VIRTUAL TABLE'))).toBe(true);
    expect(queue.some((step) => step.includes('SCAN users_search VIRTUAL TABLE'))).toBe(true);
    const counted = plan(db.select({ n: count() }).from(payments).where(paymentsMatching(db, text)));
    expect(counted.filter((step) => /^SCAN (payments|bookings|users)\b/.test(step))).toEqual([]);
    const list = plan(
      db
        .select()
        .from(bookings)
        .where(await bookingsMatching(db, text))
        .orderBy(desc(bookings.createdAt))
        .limit(20),
    );
    expect(list.filter((step) => /^SCAN (bookings|travellers|flights)\b/.test(step))).toEqual([]);
    expect(list.some((step) => step.includes('SCAN travellers_search VIRTUAL TABLE'))).toBe(true);
    const accounts = plan(
      db
        .select({ id: users.id })
        .from(users)
        .where(matching(db, userNames, 'zoe.q')),
    );
    expect(accounts.filter((step) => /^SCAN users\b/.test(step))).toEqual([]);
    const audit = plan(
      db
        .select()
        .from(auditLog)
        .where(matching(db, auditLabels, 'qzx7k2'))
        .orderBy(desc(auditLog.id))
        .limit(20),
    );
    expect(audit.filter((step) => /^SCAN audit_log\b/.test(step))).toEqual([]);
  });

  it.runIf(TEST_ENGINE === 'postgres')('on PostgreSQL reads the searched columns through their trigram indexes', async () => {
    const pool = new pg.Pool({ connectionString: server.ctx.env.DATABASE_URL, max: 1 });
    const zoe = ids.get('QZX7K2');
    try {
      const client = await pool.connect();
      try {
        // NOTE: PostgreSQL reads a table of a few rows whole whatever its indexes, so the plan is asked over
        // 5,000 more rows of each table, written in a transaction that is then rolled back.
        await client.query('begin');
        await client.query(
          `insert into users (id, full_name, email, created_at, updated_at)
           select 'bulk' || g, 'Bulk Person ' || g, 'bulk' || g || '@example.com', $1, $1 from generate_series(1, 5000) g`,
          [STAMP],
        );
        await client.query(
          `insert into payments (id, transaction_id, access_key, booking_id, user_id, amount_cents, method, deadline_at, created_at, updated_at)
           select 'bulk' || g, 'TXBULK' || g, 'bulk' || g, $1, 'bulk' || g, 1, 'bank_transfer', $2, $2, $2 from generate_series(1, 5000) g`,
          [zoe?.booking, STAMP],
        );
        // As autovacuum would: new rows wait in a GIN index's pending list, which the planner counts as slow to read.
        for (const index of ['payments_transaction_id_trgm', 'users_full_name_trgm', 'users_email_trgm'])
          await client.query('select gin_clean_pending_list($1::regclass)', [index]);
        await client.query('analyze payments, users');
        const explain = async (condition: SQL, table: typeof payments | typeof users) => {
          const query = db.select({ n: count() }).from(table).where(condition).toSQL();
          const rows = await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params);
          return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
        };
        expect(await explain(matching(db, transactionIds, 'txa1b2'), payments)).toContain('Bitmap Index Scan on payments_transaction_id_trgm');
        expect(await explain(matching(db, userNames, 'zoe.q'), users)).toMatch(/Bitmap Index Scan on users_(full_name|email)_trgm/);
        await client.query('rollback');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});

describe('the search migration on a database with rows', () => {
  const person = { name: 'Olga Oldtimer', email: 'olga@before.example' };

  it.runIf(TEST_ENGINE === 'sqlite')('on SQLite fills the indexes from the rows already there', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-search-migrate-'));
    try {
      const old = databaseBefore(dataDir, '0014_list_order');
      old
        .prepare("insert into users (id, full_name, email, created_at, updated_at, version) values ('olga', ?, ?, '2026-01-01', '2026-01-01', 1)")
        .run(person.name, person.email);
      old.close();
      const { sqlite } = openDatabase(dataDir);
      try {
        expect(sqlite.prepare(`select rowid from users_search where users_search match '"oldtimer"'`).pluck().all()).toEqual(
          sqlite.prepare("select rowid from users where id = 'olga'").pluck().all(),
        );
      } finally {
        sqlite.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(TEST_ENGINE === 'postgres')('on PostgreSQL builds the trigram indexes over the rows already there', async () => {
    const database = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const folder = mkdtempSync(path.join(tmpdir(), 'skyway-pg-migrations-'));
    try {
      const migrations = path.resolve(import.meta.dirname, '../../migrations/pg');
      const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0009_list_order') + 1);
      mkdirSync(path.join(folder, 'meta'));
      for (const { tag } of entries) copyFileSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`));
      writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
      await migrate(drizzle(pool), { migrationsFolder: folder });
      await pool.query(`insert into users (id, full_name, email, created_at, updated_at, version) values ('olga', $1, $2, '2026-01-01', '2026-01-01', 1)`, [
        person.name,
        person.email,
      ]);
      await migratePostgres(pool);
      const indexes = await pool.query<{ name: string }>("select indexname as name from pg_indexes where indexname like '%_trgm' order by 1");
      expect(indexes.rows.map((r) => r.name)).toEqual([
        'audit_log_label_trgm',
        'bookings_reference_trgm',
        'flights_flight_number_trgm',
        'payments_transaction_id_trgm',
        'travellers_name_trgm',
        'users_email_trgm',
        'users_full_name_trgm',
      ]);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        const found = await client.query<{ id: string }>(`select id from users where lower(full_name) like $1`, ['%oldtimer%']);
        expect(found.rows).toEqual([{ id: 'olga' }]);
        const plan = await client.query<{ 'QUERY PLAN': string }>(`explain select id from users where lower(full_name) like $1`, ['%oldtimer%']);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_full_name_trgm');
        await client.query('rollback');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
