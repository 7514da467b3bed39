import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYNC_SCHEMA_VERSION, type PullResponse } from '../../sync/protocol';
import { immediate } from '../db/client';
import { bookings, payments } from '../db/schema';
import { nextTurn, PART_ROWS } from '../parts';
import type { UserRow } from '../actor';
import { findUserByEmail } from '../services/identity/users';
import { pull } from '../services/sync/sync-pull';
import { ADMIN, client, login } from './harness';
import { member, startSyncServer, withDb, type SyncServer } from './sync-fixtures';

/** An admin's first sync brings the payments first (the review queue), then the bookings: more than a part of the payments in its first page here. */
/**
 * Waits until a read-only connection (the snapshot's) has begun its transaction. The pull first claims its
 * client in a write of its own, so under load a write made after one turn could still come before the snapshot.
 */
async function snapshotBegun(): Promise<void> {
  const exec = vi.spyOn(Database.prototype, 'exec');
  try {
    while (!exec.mock.calls.some(([source], i) => source === 'BEGIN' && (exec.mock.contexts[i] as Database.Database | undefined)?.readonly)) await nextTurn();
  } finally {
    exec.mockRestore();
  }
}

describe("an admin's first sync of many bookings", () => {
  let server: SyncServer;
  let admin: UserRow;
  const request = () => ({ clientId: randomUUID(), cursor: null, schemaVersion: SYNC_SCHEMA_VERSION });

  beforeAll(async () => {
    server = await startSyncServer();
    // Three travellers: each account may hold at most 100 unpaid bookings.
    for (const tag of ['many-a', 'many-b', 'many-c']) await member(server.url, tag, Math.ceil((PART_ROWS + 10) / 3));
    const found = await findUserByEmail(server.ctx.db, ADMIN.email);
    if (!found) throw new Error('no admin');
    admin = found;
  }, 120_000);
  afterAll(() => server.stop());

  it('lets other work run between its parts, and a write made meanwhile neither waits for it nor shows in it', async () => {
    const phone = '+1 555 0199';
    let turns = 0;
    let pulling = true;
    const tick = () => {
      if (!pulling) return;
      turns += 1;
      setImmediate(tick);
    };
    const pulled = pull(server.ctx, admin, request());
    setImmediate(tick);
    await snapshotBegun();
    await nextTurn();
    await immediate(server.ctx.db, (tx) => tx.update(bookings).set({ phone }));
    const wroteWhilePulling = pulling;
    // Committed at once: the write did not land inside the pull's read, as it would on the pull's connection.
    const committed = withDb(server, (db) => db.prepare('select count(*) as n from bookings where phone = ?').get(phone) as { n: number });
    const answer = await pulled.finally(() => (pulling = false));

    expect(wroteWhilePulling).toBe(true);
    expect(committed.n).toBe(await server.ctx.db.$count(bookings));
    expect(turns).toBeGreaterThan(2);
    expect(answer.changes.payments.length).toBeGreaterThan(PART_ROWS);
    expect(answer.changes.bookings.filter((b) => b.phone === phone)).toEqual([]);
  });

  it('answers over HTTP the same rows as one read, and its pages hold every booking and payment with its booking', async () => {
    const direct = await pull(server.ctx, admin, request());
    const http = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const next = { ...request(), cursor: null as string | null };
    const res = await http.post<PullResponse>('/api/sync/pull', next);
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual(direct.changes);
    const pages = [res.body];
    while (pages.at(-1)?.hasMore) {
      next.cursor = pages.at(-1)?.cursor ?? null;
      pages.push((await http.post<PullResponse>('/api/sync/pull', next)).body);
    }
    const pulledBookings = pages.flatMap((page) => page.changes.bookings);
    const pulledPayments = pages.flatMap((page) => page.changes.payments);
    expect(pulledBookings).toHaveLength(await server.ctx.db.$count(bookings));
    expect(pulledPayments).toHaveLength(await server.ctx.db.$count(payments));
    const bookingIds = new Set(pulledBookings.map((b) => b._id));
    expect(pulledPayments.filter((p) => !bookingIds.has(p.bookingId))).toEqual([]);
  });
});
