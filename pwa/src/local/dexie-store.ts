import { SYNC_TABLES, type MutationName, type PullResponse, type SyncTable } from '../../../sync/protocol';
import { droppedByRange, nextIdAfterRenumber, OWN_TABLES, renumbered, settledOutbox } from '../../../sync/client/tables';
import type { OutboxRow, OutboxSettlement, SyncMeta, SyncStore } from '../../../sync/client/types';
import type { SkywayDb, StoredMeta } from './db';

function newMeta(userId: string | null): StoredMeta {
  return { key: 'sync', clientId: crypto.randomUUID(), cursor: null, nextMutationId: 1, lastSyncedAt: null, userId };
}

/** The SyncStore over Dexie; each method is one IndexedDB transaction. */
export class DexieStore implements SyncStore {
  constructor(private readonly db: SkywayDb) {}

  private tables(name: SyncTable) {
    return this.db.table(name);
  }

  async meta(): Promise<SyncMeta> {
    return (await this.db.meta.get('sync')) ?? newMeta(null);
  }

  /** Makes the store belong to `userId`: another user's data, cursor and outbox are cleared first. */
  async claim(userId: string): Promise<void> {
    await this.db.transaction('rw', [this.db.meta, this.db.outbox, this.db.uploads, ...SYNC_TABLES.map((t) => this.tables(t))], async () => {
      const meta = await this.db.meta.get('sync');
      if (meta?.userId === userId) return;
      for (const t of SYNC_TABLES) await this.tables(t).clear();
      await this.db.outbox.clear();
      await this.db.uploads.clear();
      await this.db.meta.put(newMeta(userId));
    });
  }

  async enqueue(name: MutationName, args: unknown, now: number): Promise<OutboxRow> {
    return this.db.transaction('rw', this.db.meta, this.db.outbox, async () => {
      const meta = (await this.db.meta.get('sync')) ?? newMeta(null);
      const row: OutboxRow = { mutationId: meta.nextMutationId, name, args, state: 'queued', attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: now };
      await this.db.outbox.add(row);
      await this.db.meta.put({ ...meta, nextMutationId: meta.nextMutationId + 1 });
      return row;
    });
  }

  outbox(): Promise<OutboxRow[]> {
    return this.db.outbox.orderBy('mutationId').toArray();
  }

  async updateOutbox(mutationId: number, patch: Partial<OutboxRow>): Promise<void> {
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
    const kept = new Set((await this.db.bookings.toArray()).flatMap((b) => [b.flightId._id, b.returnFlightId?._id ?? '']));
    const old = await this.db.flights.where('departureTime').below(cutoff).primaryKeys();
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
    if (!response.hasMore) for (const t of ['flights', 'bookings'] as const) written.add(t);
    return [...written];
  }

  async applyPull(response: PullResponse, settle: OutboxSettlement, now: number): Promise<void> {
    await this.db.transaction('rw', [this.db.meta, this.db.outbox, ...this.scope(response).map((t) => this.tables(t))], async () => {
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
      if (!response.hasMore) await this.pruneFlights(now);
      const rows = settledOutbox(await this.db.outbox.toArray(), settle);
      await this.db.outbox.clear();
      await this.db.outbox.bulkAdd(rows);
      const meta = (await this.db.meta.get('sync')) ?? newMeta(null);
      await this.db.meta.put({ ...meta, cursor: response.cursor, lastSyncedAt: now });
    });
  }
}
