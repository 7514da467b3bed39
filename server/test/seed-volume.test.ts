import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import { bookings, images, payments, seatAllocations, users } from '../db/schema';
import { onPostgres } from '../db/dialect';
import { seedVolume, type VolumeReport } from '../seed/volume';
import { receiptStore } from '../seed/volume-extras';
import { imagePath } from '../services/images/image-store';
import { hashPassword } from '../services/identity/passwords';
import { ADMIN, client, login, startTestServer, TEST_ENGINE, type TestServer } from './harness';

const PASSWORD = 'Volume-pass-1';

/** `npm run seed:volume` writes through the app's own tables: the running app reads what it wrote. */
describe('a year of history in one command', () => {
  let server: TestServer;
  let report: VolumeReport;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    report = await seedVolume(server.ctx.db, {
      bookings: 3_000,
      now: new Date(),
      passwordHash: await hashPassword(PASSWORD),
      receipts: await receiptStore(server.ctx.database.engine, server.dataDir),
    });
  }, 240_000);
  afterAll(() => server.stop());

  it('writes the bookings asked for, in every status, over a year of departed flights', async () => {
    const { db } = server.ctx;
    expect(report.bookings).toBe(3_000);
    expect(report.flights).toBeGreaterThan(40_000);
    const statuses = await db.select({ status: bookings.status, n: count() }).from(bookings).groupBy(bookings.status);
    expect(statuses.map((s) => s.status).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'pending']);
    expect(statuses.reduce((sum, s) => sum + s.n, 0)).toBe(3_004);
    const oldest = (await db.select({ at: sql<string>`min(${bookings.createdAt})` }).from(bookings))[0]?.at ?? '';
    expect(Date.now() - Date.parse(oldest)).toBeGreaterThan(300 * 86_400_000);
    const awaiting = await db.$count(payments, isNotNull(payments.awaitingReviewAt));
    expect(awaiting).toBeGreaterThan(0);
    expect(report.receipts).toBeGreaterThan(0);
    expect(report.conversations).toBe(60);
    expect(report.auditRows).toBeGreaterThan(3_000);
  });

  it('never sells a seat twice, and every receipt has its bytes', async () => {
    const { db } = server.ctx;
    const doubles = await db
      .select({ n: count() })
      .from(seatAllocations)
      .where(sql`${seatAllocations.state} in ('held', 'sold')`)
      .groupBy(seatAllocations.flightId, seatAllocations.seatLabel)
      .having(sql`count(*) > 1`);
    expect(doubles).toEqual([]);
    const receipts = await db.select().from(images).where(eq(images.kind, 'receipt')).limit(20);
    expect(receipts.length).toBeGreaterThan(0);
    if (!onPostgres(db)) for (const receipt of receipts) expect(existsSync(imagePath(server.dataDir, receipt.id, receipt.mime))).toBe(true);
  });

  it('the app serves it: an admin pages the history, a volume traveller signs in to their own bookings', async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const page = await admin.get<Booking[]>('/api/bookings?page=1&limit=10');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('3004');
    const someone = (
      await server.ctx.db
        .select({ id: bookings.userId, email: users.email })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(sql`${users.email} like '%@volume.skyway.test'`)
        .limit(1)
    )[0];
    if (!someone) throw new Error('no volume traveller');
    const own = await client(server.url, await login(server.url, someone.email, PASSWORD)).get<Booking[]>('/api/bookings/user');
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
  });
});

// The command runs on DATA_DIR's SQLite here; the postgres project runs the seeding above on PostgreSQL.
describe.runIf(TEST_ENGINE === 'sqlite')('npm run seed:volume', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-volume-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/seed-volume-cli.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', TEST_ENGINE: '', DATABASE_URL: '' },
    });

  it('seeds an empty data folder with the demo, adds the history, prints what it wrote and ends', async () => {
    const { stdout } = await run(['--bookings', '300']);
    expect(stdout).toMatch(/^Admin: admin@skyway\.test \/ /m);
    expect(stdout).toMatch(/^Added in [\d.]+ s: \{"travellers":10,"flights":\d+,"bookings":300,/m);
    expect(stdout).toMatch(/@volume\.skyway\.test \/ \S+$/m);
  }, 120_000);

  it('refuses arguments it does not know, saying how to call it', async () => {
    await expect(run(['--bookings', 'many'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run seed:volume') as string });
  });
});
