import Dexie from 'dexie';
import { SYNC_SCHEMA_VERSION, SYNC_TABLES, type MutationCall, type PullResponse, type SyncTable } from '../../../sync/protocol';
import { sendParked, switchQueue } from '../../../sync/client/accounts';
import { droppedByRange, nextIdAfterRenumber, OWN_TABLES, renumbered, settledOutbox } from '../../../sync/client/tables';
import type { OutboxEntry, OutboxRow, OutboxSettlement, SyncMeta, SyncStore, SyncTransport } from '../../../sync/client/types';
import { leftWorkingSet, namedIds, olderMessages } from '../../../sync/working-set';
import type { SkywayDb, StoredMeta } from './db';

function newMeta(userId: string | null): StoredMeta {
  return { key: 'sync', clientId: crypto.randomUUID(), cursor: null, nextMutationId: 1, lastSyncedAt: null, userId };
}

function queuedRow(mutationId: number, call: MutationCall, now: number): OutboxRow {
  return { ...call, mutationId, state: 'queued', attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: now };
}

/** The SyncStore over Dexie; each method is one IndexedDB transaction. */
export class DexieStore implements SyncStore {
  /** The conversations whose messages the pull sequence under way brought. */
  private readonly touched = new Set<string>();
  /** Whether a sequence ended here yet: the first one trims every conversation, as the device may hold more of them. */
  private trimmedAll = false;

  constructor(private readonly db: SkywayDb) {}

  private tables(name: SyncTable) {
    return this.db.table(name);
  }

  async meta(): Promise<SyncMeta> {
    return (await this.db.meta.get('sync')) ?? newMeta(null);
  }

  /** The account the device belongs to now: its queue is the outbox, its view the synced tables. */
  async owner(): Promise<{ userId: string | null }> {
    return { userId: (await this.db.meta.get('sync'))?.userId ?? null };
  }

  private get syncedTables() {
    return SYNC_TABLES.map((t) => this.tables(t));
  }

  /** Everything of the account the device belongs to but its queue: the synced tables and the records it opened. */
  private get accountTables() {
    return [...this.syncedTables, this.db.opened];
  }

  /**
   * Makes the device `userId`'s: the synced tables are replaced for the new account, and the queue in
   * use is parked under its author (see switchQueue), never sent or deleted for someone else.
   */
  async claim(userId: string): Promise<void> {
    // NOTE: the usual case, the device already theirs, needs no write transaction over every table.
    if ((await this.db.meta.get('sync'))?.userId === userId) return;
    const { meta: metaTable, outbox, uploads, parked } = this.db;
    await this.db.transaction('rw', [metaTable, outbox, uploads, parked, ...this.accountTables], async () => {
      const meta = (await metaTable.get('sync')) ?? newMeta(null);
      if (meta.userId === userId) return;
      const current = { account: meta.userId, clientId: meta.clientId, nextMutationId: meta.nextMutationId, rows: await outbox.toArray() };
      const { park, next } = switchQueue(current, await parked.get(userId), userId, () => crypto.randomUUID());
      if (park) await parked.put(park);
      await parked.delete(userId);
      for (const table of this.accountTables) await table.clear();
      await outbox.clear();
      await outbox.bulkAdd(next.rows);
      if (meta.userId === null) await uploads.filter((u) => !u.account).modify({ account: userId });
      await metaTable.put({ ...newMeta(userId), clientId: next.clientId, nextMutationId: next.nextMutationId });
    });
  }

  /**
   * Queues a mutation of `account`: in the outbox when the device is theirs (or no one's yet), else in
   * their parked queue, which the next sync's claim brings in. Never in another account's queue.
   */
  async enqueueAs(account: string, call: MutationCall, now: number): Promise<OutboxRow> {
    return this.db.transaction('rw', [this.db.meta, this.db.outbox, this.db.parked], async () => {
      const owner = (await this.db.meta.get('sync'))?.userId ?? null;
      if (owner === null || owner === account) return this.enqueue(call, now);
      const queue = (await this.db.parked.get(account)) ?? { account, clientId: crypto.randomUUID(), nextMutationId: 1, rows: [] };
      const row = queuedRow(queue.nextMutationId, call, now);
      await this.db.parked.put({ ...queue, nextMutationId: queue.nextMutationId + 1, rows: [...queue.rows, row] });
      return row;
    });
  }

  /** Sends `account`'s parked queue with `transport` (their token) and keeps what is left of it. */
  async sendParked(account: string, transport: SyncTransport): Promise<void> {
    const queue = await this.db.parked.get(account);
    if (!queue?.rows.some((r) => r.state !== 'rejected')) return;
    const sent = await sendParked(queue, transport, SYNC_SCHEMA_VERSION);
    await this.db.transaction('rw', this.db.parked, async () => {
      const now = await this.db.parked.get(account);
      if (now?.clientId !== queue.clientId || now.nextMutationId !== queue.nextMutationId) return;
      if (sent.rows.length) await this.db.parked.put(sent);
      else await this.db.parked.delete(account);
    });
  }

  /** Signing out: the synced tables go; the account's queue and uploads stay for its next sign-in unless `discard`. */
  async signOut(discard: boolean): Promise<void> {
    await this.db.transaction('rw', [this.db.meta, this.db.outbox, this.db.uploads, ...this.accountTables], async () => {
      const meta = (await this.db.meta.get('sync')) ?? newMeta(null);
      for (const table of this.accountTables) await table.clear();
      if (discard) {
        await this.db.outbox.clear();
        await this.db.uploads.filter((u) => u.account === meta.userId).delete();
      }
      await this.db.meta.put({ ...meta, cursor: null, lastSyncedAt: null });
    });
  }

  async enqueue(call: MutationCall, now: number): Promise<OutboxRow> {
    return this.db.transaction('rw', this.db.meta, this.db.outbox, async () => {
      const meta = (await this.db.meta.get('sync')) ?? newMeta(null);
      const row = queuedRow(meta.nextMutationId, call, now);
      await this.db.outbox.add(row);
      await this.db.meta.put({ ...meta, nextMutationId: meta.nextMutationId + 1 });
      return row;
    });
  }

  outbox(): Promise<OutboxRow[]> {
    return this.db.outbox.orderBy('mutationId').toArray();
  }

  async updateOutbox(mutationId: number, patch: Partial<OutboxEntry>): Promise<void> {
    await this.db.outbox.update(mutationId, patch);
  }

  async removeOutbox(mutationId: number): Promise<void> {
    await this.db.outbox.delete(mutationId);
  }

  async renumber(firstId: number): Promise<void> {
    await this.db.transaction('rw', this.db.meta, this.db.outbox, async () => {
      const rows = renumbered(await this.db.outbox.toArray(), firstId);
      await this.db.outbox.clear();
      await this.db.outbox.bulkAdd(rows);
      const meta = (await this.db.meta.get('sync')) ?? newMeta(null);
      await this.db.meta.put({ ...meta, nextMutationId: nextIdAfterRenumber(rows, firstId) });
    });
  }

  /** Flights leave the device a day after departure unless one of the user's bookings uses them. */
  private async pruneFlights(now: number): Promise<void> {
    const cutoff = new Date(now - 86_400_000).toISOString();
    const old = await this.db.flights.where('departureTime').below(cutoff).primaryKeys();
    if (!old.length) return;
    const booked = await Promise.all(['flightId._id', 'returnFlightId._id'].map((index) => this.db.bookings.where(index).anyOf(old).keys()));
    const kept = new Set(booked.flat());
    await this.db.flights.bulkDelete(old.filter((id) => !kept.has(id)));
  }

  /**
   * The tables a pull writes, and the ones pruning reads once a sequence ends: a catalogue page leaves the
   * own tables out, so the screens reading them are not kept waiting behind it.
   */
  private scope(response: PullResponse): SyncTable[] {
    const written = new Set<SyncTable>([
      ...(response.reset ? OWN_TABLES : []),
      ...SYNC_TABLES.filter((t) => response.changes[t].length),
      ...response.covers.map((c) => c.table),
      ...SYNC_TABLES.filter((t) => response.deletes[t]?.length),
    ]);
    if (!response.hasMore) for (const t of ['flights', 'bookings', 'messages'] as const) written.add(t);
    if (!response.hasMore && response.keepSince !== null) for (const t of ['payments', 'conversations'] as const) written.add(t);
    return [...written];
  }

  /** An admin's device drops what left its working set (sync/working-set.ts), reading only rows older than its start. */
  private async dropLeftWorkingSet(keepSince: string, named: ReadonlySet<string>): Promise<void> {
    const kept = new Set([...named, ...(await this.db.opened.toCollection().primaryKeys())]);
    const bookings = await this.db.bookings.where('updatedAt').below(keepSince).toArray();
    const left = leftWorkingSet(
      {
        payments: await this.db.payments.where('updatedAt').below(keepSince).toArray(),
        bookings,
        paymentsOfBookings: await this.db.payments
          .where('bookingId')
          .anyOf(bookings.map((b) => b._id))
          .toArray(),
        conversations: await this.db.conversations.filter((c) => c.status !== 'open').toArray(),
      },
      keepSince,
      kept,
    );
    await this.db.payments.bulkDelete(left.payments);
    await this.db.bookings.bulkDelete(left.bookings);
    await this.db.conversations.bulkDelete(left.conversations);
    if (left.conversations.length) await this.db.messages.where('conversationId').anyOf(left.conversations).delete();
  }

  /** Each conversation the sequence touched (every one the first time) keeps its recent messages, read through its index. */
  private async dropOlderMessages(named: ReadonlySet<string>): Promise<void> {
    const conversations = this.trimmedAll ? this.touched : await this.db.messages.orderBy('conversationId').uniqueKeys();
    for (const id of conversations) {
      const messages = await this.db.messages.where('[conversationId+createdAt]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray();
      await this.db.messages.bulkDelete(olderMessages(messages, named));
    }
  }

  /** Writes only the rows a settlement changes: a pull that settles nothing leaves the outbox, and the screens watching it, alone. */
  private async settle(settlement: OutboxSettlement): Promise<void> {
    const before = await this.db.outbox.toArray();
    const after = settledOutbox(before, settlement);
    const kept = new Set(after.map((r) => r.mutationId));
    const gone = before.filter((r) => !kept.has(r.mutationId)).map((r) => r.mutationId);
    const unchanged = new Set(before);
    const changed = after.filter((r) => !unchanged.has(r));
    if (gone.length) await this.db.outbox.bulkDelete(gone);
    if (changed.length) await this.db.outbox.bulkPut(changed);
  }

  async applyPull(response: PullResponse, settle: OutboxSettlement, now: number): Promise<void> {
    const tables = [this.db.meta, this.db.outbox, this.db.opened, ...this.scope(response).map((t) => this.tables(t))];
    for (const message of response.changes.messages) this.touched.add(message.conversationId);
    await this.db.transaction('rw', tables, async () => {
      if (response.reset) for (const name of OWN_TABLES) await this.tables(name).clear();
      for (const name of SYNC_TABLES) {
        if (response.changes[name].length) await this.tables(name).bulkPut(response.changes[name]);
      }
      for (const range of response.covers) {
        const table = this.tables(range.table);
        const inRange = range.through === null ? table.where(':id').above(range.after) : table.where(':id').between(range.after, range.through, false, true);
        await table.bulkDelete(droppedByRange((await inRange.primaryKeys()) as string[], range, response));
      }
      for (const [name, ids] of Object.entries(response.deletes)) {
        const table = SYNC_TABLES.find((t) => t === name);
        if (table && ids.length) await this.tables(table).bulkDelete(ids);
      }
      if (!response.hasMore) {
        const named = namedIds(await this.db.outbox.toArray());
        await this.pruneFlights(now);
        if (response.keepSince !== null) await this.dropLeftWorkingSet(response.keepSince, named);
        await this.dropOlderMessages(named);
      }
      await this.settle(settle);
      const meta = (await this.db.meta.get('sync')) ?? newMeta(null);
      await this.db.meta.put({ ...meta, cursor: response.cursor, lastSyncedAt: now });
    });
    if (response.hasMore) return;
    this.touched.clear();
    this.trimmedAll = true;
  }
}
