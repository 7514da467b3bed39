import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PAGE_ROWS, SYNC_SCHEMA_VERSION, SYNC_TABLES, type PullResponse } from '../../sync/protocol';
import { bookings, conversations, messages, payments } from '../db/schema';
import { seedVolume } from '../seed/volume';
import { receiptStore } from '../seed/volume-extras';
import { hashPassword } from '../services/identity/passwords';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';

/** The largest pull answer the bound allows, as JSON before compression. */
const MAX_ANSWER_BYTES = 1_100_000;
const paged = ['bookings', 'payments', 'conversations', 'messages', 'airports', 'flights'] as const;

/** An admin's first sync over a history of 50,000 bookings: every answer within the bound, together every row. */
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

  it('never answers more than 500 rows or about 1 MB, and the pages together hold every own row once', async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const request = { clientId: randomUUID(), cursor: null as string | null, schemaVersion: SYNC_SCHEMA_VERSION };
    const seen = Object.fromEntries(SYNC_TABLES.map((table) => [table, new Set<string>()]));
    let largest = 0;
    let pages = 0;
    let more = true;
    while (more) {
      const res = await admin.post<PullResponse>('/api/sync/pull', request);
      expect(res.status).toBe(200);
      const bytes = JSON.stringify(res.body).length;
      largest = Math.max(largest, bytes);
      expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      expect(paged.reduce((sum, table) => sum + res.body.changes[table].length, 0)).toBeLessThanOrEqual(SYNC_PAGE_ROWS);
      for (const table of SYNC_TABLES) for (const row of res.body.changes[table]) seen[table]?.add(row._id);
      request.cursor = res.body.cursor;
      more = res.body.hasMore;
      pages += 1;
    }
    const { db } = server.ctx;
    expect(seen.bookings?.size).toBe(await db.$count(bookings));
    expect(seen.payments?.size).toBe(await db.$count(payments));
    expect(seen.conversations?.size).toBeLessThanOrEqual(await db.$count(conversations));
    expect(seen.messages?.size).toBe(await db.$count(messages));
    console.info(`year pull: ${pages} answers, the largest ${largest} bytes`);
  }, 600_000);
});
