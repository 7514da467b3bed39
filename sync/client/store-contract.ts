import { describe, expect, it } from 'vitest';
import { makeCursor, type PullResponse, type SyncTable } from '../protocol';
import type { Keyed } from './tables';
import type { SyncStore } from './types';

/** A store under test: the SyncStore, the device's account switching, and a way to read its tables. */
export type StoreUnderTest = {
  store: SyncStore & { claim(account: string): Promise<void>; signOut(discard: boolean): Promise<void> };
  read(table: SyncTable): Promise<Keyed[]>;
};

const CURSOR = makeCursor(7, '2031-03-01', 'c1');

/** A pull answer; the rows are opaque to a store, so any keyed row stands in for the real ones. */
function pull(
  patch: { changes?: Partial<Record<SyncTable, Keyed[]>>; deletes?: Record<string, string[]> } & Partial<Omit<PullResponse, 'changes' | 'deletes'>>,
): PullResponse {
  const { changes = {}, deletes = {}, ...rest } = patch;
  return {
    cursor: CURSOR,
    lastMutationId: 0,
    reset: false,
    results: [],
    covers: [],
    hasMore: false,
    keepSince: null,
    ...rest,
    changes: {
      airports: [],
      flights: [],
      bookings: [],
      payments: [],
      settings: [],
      profile: [],
      conversations: [],
      messages: [],
      ...changes,
    } as PullResponse['changes'],
    deletes,
  };
}

const ids = async (t: StoreUnderTest, table: SyncTable) => (await t.read(table)).map((r) => r._id).sort();
const outboxIds = async (t: StoreUnderTest) => (await t.store.outbox()).map((r) => r.mutationId);

/**
 * What every SyncStore does, whatever keeps it: the memory store of node tests and the Dexie store of
 * the PWA run these same cases (sync/client/memory-store.test.ts, pwa/src/local/dexie-store-contract.test.ts).
 */
export function syncStoreContract(name: string, make: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the SyncStore contract`, () => {
    it('numbers queued mutations in order, keeps their typed arguments, and patches or removes a row', async () => {
      const t = await make();
      const first = await t.store.enqueue({ name: 'cancelBooking', args: { bookingId: 'b1' } }, 10);
      const second = await t.store.enqueue({ name: 'markConversationRead', args: { conversationId: 'c1' } }, 11);
      expect([first.mutationId, second.mutationId]).toEqual([1, 2]);
      expect((await t.store.meta()).nextMutationId).toBe(3);
      expect(await t.store.outbox()).toMatchObject([
        { mutationId: 1, name: 'cancelBooking', args: { bookingId: 'b1' }, state: 'queued', attempts: 0, createdAt: 10 },
        { mutationId: 2, name: 'markConversationRead', args: { conversationId: 'c1' }, state: 'queued' },
      ]);
      await t.store.updateOutbox(1, { state: 'failed', attempts: 1, lastError: 'offline', nextAttemptAt: 99 });
      await t.store.removeOutbox(2);
      expect(await t.store.outbox()).toMatchObject([{ mutationId: 1, state: 'failed', attempts: 1, lastError: 'offline', nextAttemptAt: 99 }]);
    });

    it('applies a pull in one go: rows upserted and deleted, the cursor kept, confirmed rows gone, refused ones with the reason', async () => {
      const t = await make();
      for (const bookingId of ['b1', 'b2', 'b3']) await t.store.enqueue({ name: 'cancelBooking', args: { bookingId } }, 1);
      await t.store.applyPull(pull({ changes: { airports: [{ _id: 'a1' }, { _id: 'a2' }], messages: [{ _id: 'm1' }] } }), { confirmed: [], rejected: [] }, 5);
      await t.store.applyPull(
        pull({ changes: { airports: [{ _id: 'a3' }] }, deletes: { airports: ['a1'] }, lastMutationId: 2 }),
        { confirmed: [1], rejected: [{ mutationId: 2, code: 'forbidden', message: 'Booking not found' }] },
        6,
      );
      expect(await ids(t, 'airports')).toEqual(['a2', 'a3']);
      expect(await ids(t, 'messages')).toEqual(['m1']);
      expect(await t.store.meta()).toMatchObject({ cursor: CURSOR, lastSyncedAt: 6 });
      expect(await t.store.outbox()).toMatchObject([
        { mutationId: 2, state: 'rejected', lastError: 'Booking not found', lastCode: 'forbidden' },
        { mutationId: 3, state: 'queued' },
      ]);
    });

    it('a reset empties the own tables, keeps the outbox, and drops catalogue rows missing from a covered range', async () => {
      const t = await make();
      await t.store.applyPull(
        pull({ changes: { airports: [{ _id: 'a1' }, { _id: 'a5' }, { _id: 'a9' }], conversations: [{ _id: 'c1' }] } }),
        { confirmed: [], rejected: [] },
        1,
      );
      await t.store.enqueue({ name: 'cancelBooking', args: { bookingId: 'b1' } }, 2);
      await t.store.applyPull(
        pull({ reset: true, changes: { airports: [{ _id: 'a5' }] }, covers: [{ table: 'airports', after: 'a2', through: 'a7' }] }),
        { confirmed: [], rejected: [] },
        3,
      );
      expect(await ids(t, 'conversations')).toEqual([]);
      expect(await ids(t, 'airports')).toEqual(['a1', 'a5', 'a9']);
      await t.store.applyPull(pull({ reset: true, covers: [{ table: 'airports', after: 'a2', through: null }] }), { confirmed: [], rejected: [] }, 4);
      expect(await ids(t, 'airports')).toEqual(['a1']);
      expect(await outboxIds(t)).toEqual([1]);
    });

    it("an admin's device drops what left its working set once a sequence ends, keeping what awaits review and what its outbox names", async () => {
      const t = await make();
      const [old, recent] = ['2031-01-01T00:00:00.000Z', '2031-02-10T00:00:00.000Z'];
      const payment = (_id: string, bookingId: string, status: string, updatedAt: string, awaitingReviewAt: string | null = null) =>
        ({ _id, bookingId, status, updatedAt, awaitingReviewAt }) as Keyed;
      const booking = (_id: string, updatedAt: string) => ({ _id, updatedAt }) as Keyed;
      await t.store.enqueue({ name: 'reviewPayment', args: { paymentId: 'p-named', expectedStatus: 'failed', status: 'successful' } }, 1);
      const changes = {
        payments: [
          payment('p-decided', 'b-decided', 'successful', old),
          payment('p-awaiting', 'b-awaiting', 'pending', old, old),
          payment('p-recent', 'b-recent', 'successful', recent),
          payment('p-named', 'b-named', 'failed', old),
        ],
        bookings: [booking('b-decided', old), booking('b-awaiting', old), booking('b-recent', recent), booking('b-named', old)],
        conversations: [
          { _id: 'c-open', status: 'open', createdAt: old, lastMessage: null } as Keyed,
          { _id: 'c-done', status: 'resolved', createdAt: old, lastMessage: { createdAt: old } } as Keyed,
        ],
        messages: [{ _id: 'm-open', conversationId: 'c-open' } as Keyed, { _id: 'm-done', conversationId: 'c-done' } as Keyed],
      };
      await t.store.applyPull(pull({ changes, hasMore: true, keepSince: '2031-02-01T00:00:00.000Z' }), { confirmed: [], rejected: [] }, 2);
      expect(await ids(t, 'payments')).toHaveLength(4);
      await t.store.applyPull(pull({ keepSince: '2031-02-01T00:00:00.000Z' }), { confirmed: [], rejected: [] }, 3);
      expect(await ids(t, 'payments')).toEqual(['p-awaiting', 'p-named', 'p-recent']);
      expect(await ids(t, 'bookings')).toEqual(['b-awaiting', 'b-named', 'b-recent']);
      expect(await ids(t, 'conversations')).toEqual(['c-open']);
      expect(await ids(t, 'messages')).toEqual(['m-open']);
    });

    it('keeps the newest messages of each conversation once a sequence ends, and a queued message its outbox names', async () => {
      const t = await make();
      const message = (conversationId: string, n: number) =>
        ({ _id: `${conversationId}-${String(n).padStart(2, '0')}`, conversationId, createdAt: new Date(Date.UTC(2031, 0, 1, 0, n)).toISOString() }) as Keyed;
      const long = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => message('long', from + i));
      const held = async (conversation: string) => (await ids(t, 'messages')).filter((id) => id.startsWith(conversation));
      await t.store.enqueue({ name: 'sendMessage', args: { _id: 'long-01', conversationId: 'long', content: 'hi', image: null } }, 1);
      await t.store.applyPull(pull({ changes: { messages: long(0, 55) }, hasMore: true }), { confirmed: [], rejected: [] }, 2);
      expect(await held('long')).toHaveLength(55);
      await t.store.applyPull(pull({ changes: { messages: [0, 1, 2].map((n) => message('short', n)) } }), { confirmed: [], rejected: [] }, 3);
      expect(await held('long')).toEqual(['long-01', ...long(5, 55).map((m) => m._id)]);
      expect(await held('short')).toEqual(['short-00', 'short-01', 'short-02']);
      await t.store.applyPull(pull({ changes: { messages: long(55, 57) } }), { confirmed: [], rejected: [] }, 4);
      expect(await held('long')).toEqual(['long-01', ...long(7, 57).map((m) => m._id)]);
    });

    it('renumbers after the server lost the client: refused rows below the first id, the rest from it', async () => {
      const t = await make();
      for (const bookingId of ['b1', 'b2', 'b3']) await t.store.enqueue({ name: 'cancelBooking', args: { bookingId } }, 1);
      await t.store.updateOutbox(2, { state: 'rejected', lastError: 'Booking not found' });
      await t.store.renumber(1);
      expect((await t.store.outbox()).map((r) => [r.mutationId, r.args])).toEqual([
        [0, { bookingId: 'b2' }],
        [1, { bookingId: 'b1' }],
        [2, { bookingId: 'b3' }],
      ]);
      expect((await t.store.meta()).nextMutationId).toBe(3);
    });

    it('parks a queue under its author when another account claims the device, and gives it back with its ids', async () => {
      const t = await make();
      await t.store.claim('ama');
      await t.store.enqueue({ name: 'cancelBooking', args: { bookingId: 'ama-1' } }, 1);
      await t.store.applyPull(pull({ changes: { conversations: [{ _id: 'ama-c1' }] } }), { confirmed: [], rejected: [] }, 2);
      const amaClient = (await t.store.meta()).clientId;
      await t.store.claim('bola');
      expect(await t.store.outbox()).toEqual([]);
      expect(await ids(t, 'conversations')).toEqual([]);
      expect((await t.store.meta()).clientId).not.toBe(amaClient);
      await t.store.claim('ama');
      expect(await t.store.outbox()).toMatchObject([{ mutationId: 1, args: { bookingId: 'ama-1' } }]);
      expect(await t.store.meta()).toMatchObject({ clientId: amaClient, nextMutationId: 2, cursor: null });
    });

    it('signing out clears the synced tables and keeps the queue, unless it is discarded', async () => {
      const t = await make();
      await t.store.claim('ama');
      await t.store.enqueue({ name: 'cancelBooking', args: { bookingId: 'b1' } }, 1);
      await t.store.applyPull(pull({ changes: { conversations: [{ _id: 'c1' }] } }), { confirmed: [], rejected: [] }, 2);
      await t.store.signOut(false);
      expect(await ids(t, 'conversations')).toEqual([]);
      expect(await outboxIds(t)).toEqual([1]);
      expect((await t.store.meta()).cursor).toBeNull();
      await t.store.signOut(true);
      expect(await outboxIds(t)).toEqual([]);
    });
  });
}
