import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import { SYNC_PAGE_ROWS, SYNC_SCHEMA_VERSION, type PullResponse, type SyncPayment } from '../../sync/protocol';
import type { Booking } from '../../sync/schemas/booking';
import { bookings, payments } from '../db/schema';
import { seedVolume } from '../seed/volume';
import { receiptStore } from '../seed/volume-extras';
import { hashPassword } from '../services/identity/passwords';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';

/** The largest pull answer the bound allows, as JSON before compression. */
const MAX_ANSWER_BYTES = 1_100_000;
const paged = ['payments', 'bookings', 'conversations', 'messages', 'airports', 'flights'] as const;

/** An admin's first sync over a history of 50,000 bookings: every answer within the bound, together the working set. */
describe('a pull over a year of history', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    await seedVolume(server.ctx.db, {
      bookings: 50_000,
      now: new Date(),
      passwordHash: await hashPassword('Volume-pass-1'),
      receipts: await receiptStore(server.ctx.database.engine, server.dataDir),
    });
  }, 600_000);
  afterAll(() => server.stop());

  it("never answers more than 500 rows or about 1 MB, and brings the admin's working set, not the history", async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const request = { clientId: randomUUID(), cursor: null as string | null, schemaVersion: SYNC_SCHEMA_VERSION };
    const pulled = { bookings: new Map<string, Booking>(), payments: new Map<string, SyncPayment>() };
    let keepSince = '';
    let largest = 0;
    let total = 0;
    let pages = 0;
    let more = true;
    while (more) {
      const res = await admin.post<PullResponse>('/api/sync/pull', request);
      expect(res.status).toBe(200);
      const bytes = JSON.stringify(res.body).length;
      largest = Math.max(largest, bytes);
      total += bytes;
      expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      expect(paged.reduce((sum, table) => sum + res.body.changes[table].length, 0)).toBeLessThanOrEqual(SYNC_PAGE_ROWS);
      for (const row of res.body.changes.bookings) pulled.bookings.set(row._id, row);
      for (const row of res.body.changes.payments) pulled.payments.set(row._id, row);
      keepSince = res.body.keepSince ?? '';
      request.cursor = res.body.cursor;
      more = res.body.hasMore;
      pages += 1;
    }
    const { db } = server.ctx;
    const keptPayment = or(and(eq(payments.status, 'pending'), isNotNull(payments.awaitingReviewAt)), gte(payments.updatedAt, keepSince));
    const ofKept = db.select({ id: payments.bookingId }).from(payments).where(keptPayment);
    expect(pulled.payments.size).toBe(await db.$count(payments, keptPayment));
    expect(pulled.bookings.size).toBe(await db.$count(bookings, or(gte(bookings.updatedAt, keepSince), inArray(bookings.id, ofKept))));
    expect(pulled.bookings.size).toBeLessThan((await db.$count(bookings)) / 10);
    for (const payment of pulled.payments.values()) expect(pulled.bookings.has(payment.bookingId)).toBe(true);
    console.info(
      `year pull over ${await db.$count(bookings)} bookings: ${pages} answers, ${total} bytes, the largest ${largest}; ${pulled.bookings.size} bookings, ${pulled.payments.size} payments`,
    );
  }, 600_000);
});
