import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { SkywayDb, type UploadRow } from './db';
import { DexieStore } from './dexie-store';

let dbCount = 0;
const freshName = () => `skyway-test-${(dbCount += 1)}`;

const upload = (hash: string, account: string | null): UploadRow => ({
  hash,
  blob: new Blob(['x']),
  fileName: 'receipt.jpg',
  state: 'queued',
  progress: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  intent: { name: 'attachReceipt', args: { paymentId: `p-${hash}` } },
  imageUrl: null,
  createdAt: 0,
  account,
});

const message = (content: string) => ({ _id: content, conversationId: 'c1', content, image: null });

describe('the Dexie store: queued work belongs to its account', () => {
  it('the version 3 upgrade tags the uploads with the account the device belonged to and keeps the outbox', async () => {
    const name = freshName();
    const old = new Dexie(name);
    old.version(1).stores({
      airports: '_id, code',
      flights: '_id, departureTime',
      bookings: '_id, bookingId, status, createdAt',
      payments: '_id, bookingId, transactionId, createdAt',
      settings: '_id',
      profile: '_id',
      outbox: 'mutationId, state',
      uploads: 'hash, state',
      meta: 'key',
    });
    old.version(2).stores({ conversations: '_id, userId', messages: '_id, conversationId, [conversationId+createdAt]' });
    await old.table('meta').put({ key: 'sync', clientId: 'client-ama', cursor: 'c', nextMutationId: 2, lastSyncedAt: 1, userId: 'ama' });
    await old
      .table('outbox')
      .put({ mutationId: 1, name: 'sendMessage', args: message('hi'), state: 'queued', attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: 0 });
    const legacy: Partial<UploadRow> = upload('r1', null);
    delete legacy.account;
    await old.table('uploads').put(legacy);
    old.close();

    const db = new SkywayDb(name);
    expect((await db.uploads.toArray()).map((u) => u.account)).toEqual(['ama']);
    expect((await db.outbox.toArray()).map((r) => r.mutationId)).toEqual([1]);
    expect(await db.parked.count()).toBe(0);
    db.close();
  });

  it('another account parks the queue unseen and unsent; its author gets it back with the same client and ids', async () => {
    const db = new SkywayDb(freshName());
    const store = new DexieStore(db);
    await store.claim('ama');
    const amaClient = (await store.meta()).clientId;
    await store.enqueueAs('ama', { name: 'sendMessage', args: message('from Ama') }, 1);
    await db.uploads.put(upload('r1', 'ama'));
    await db.bookings.put({ _id: 'b-ama' } as never);

    await store.signOut(false);
    expect(await store.outbox()).toHaveLength(1);
    expect(await db.bookings.count()).toBe(0);

    await store.claim('bola');
    expect(await store.outbox()).toEqual([]);
    expect((await store.meta()).clientId).not.toBe(amaClient);
    expect((await store.owner()).userId).toBe('bola');
    expect((await db.uploads.toArray()).map((u) => u.account)).toEqual(['ama']);
    await store.enqueueAs('bola', { name: 'sendMessage', args: message('from Bola') }, 2);
    // Ama's page, still open in another tab, queues one more: it joins Ama's parked queue, not Bola's.
    await store.enqueueAs('ama', { name: 'sendMessage', args: message('Ama, late') }, 3);
    expect((await store.outbox()).map((r) => (r.args as { content: string }).content)).toEqual(['from Bola']);

    await store.signOut(false);
    await store.claim('ama');
    const back = await store.outbox();
    expect(back.map((r) => [r.mutationId, (r.args as { content: string }).content])).toEqual([
      [1, 'from Ama'],
      [2, 'Ama, late'],
    ]);
    expect(await store.meta()).toMatchObject({ clientId: amaClient, nextMutationId: 3, cursor: null });
    expect((await db.parked.toArray()).map((q) => [q.account, q.rows.length])).toEqual([['bola', 1]]);
    db.close();
  });

  it('signing out with Discard deletes the account’s queue and uploads, never another account’s', async () => {
    const db = new SkywayDb(freshName());
    const store = new DexieStore(db);
    await store.claim('ama');
    await store.enqueueAs('ama', { name: 'sendMessage', args: message('keep me') }, 1);
    await store.signOut(false);
    await store.claim('bola');
    await store.enqueueAs('bola', { name: 'sendMessage', args: message('drop me') }, 2);
    await db.uploads.bulkPut([upload('r-ama', 'ama'), upload('r-bola', 'bola')]);

    await store.signOut(true);
    expect(await store.outbox()).toEqual([]);
    expect((await db.uploads.toArray()).map((u) => u.hash)).toEqual(['r-ama']);
    await store.claim('ama');
    expect((await store.outbox()).map((r) => (r.args as { content: string }).content)).toEqual(['keep me']);
    db.close();
  });
});
