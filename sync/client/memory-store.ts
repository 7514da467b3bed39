import { SYNC_SCHEMA_VERSION, SYNC_TABLES, type MutationCall, type PullResponse, type SyncTable } from '../protocol';
import { sendParked, switchQueue, type AccountQueue } from './accounts';
import { namedIds } from '../working-set';
import { applyToTables, dropLeftWorkingSet, dropOlderMessages, nextIdAfterRenumber, renumbered, settledOutbox, type Keyed } from './tables';
import type { OutboxEntry, OutboxRow, OutboxSettlement, SyncMeta, SyncStore, SyncTransport } from './types';

/** A SyncStore in memory: the reference the Dexie store follows, and the store of node-side tests. */
export class MemoryStore implements SyncStore {
  readonly tables = Object.fromEntries(SYNC_TABLES.map((t) => [t, new Map<string, Keyed>()])) as Record<SyncTable, Map<string, Keyed>>;
  private rows: OutboxRow[] = [];
  private state: SyncMeta;
  private account: string | null = null;
  /** Queues of the accounts that are not signed in now, kept for their authors. */
  readonly parked = new Map<string, AccountQueue>();

  constructor(
    clientId: string,
    private readonly newClientId: () => string = () => crypto.randomUUID(),
  ) {
    this.state = { clientId, cursor: null, nextMutationId: 1, lastSyncedAt: null };
  }

  /** Makes the device `account`'s: the synced tables are replaced, the other account's queue is parked. */
  claim(account: string): Promise<void> {
    const { park, next } = switchQueue({ account: this.account, ...this.state, rows: this.rows }, this.parked.get(account), account, this.newClientId);
    if (next.account === this.account) return Promise.resolve();
    if (park) this.parked.set(park.account, park);
    this.parked.delete(account);
    for (const table of Object.values(this.tables)) table.clear();
    this.account = account;
    this.rows = next.rows;
    this.state = { clientId: next.clientId, nextMutationId: next.nextMutationId, cursor: null, lastSyncedAt: null };
    return Promise.resolve();
  }

  /** Sends `account`'s parked queue with `transport` (their token), keeping what is left of it. */
  async sendParked(account: string, transport: SyncTransport): Promise<void> {
    const queue = this.parked.get(account);
    if (!queue) return;
    const sent = await sendParked(queue, transport, SYNC_SCHEMA_VERSION);
    if (this.parked.get(account) !== queue) return;
    if (sent.rows.length) this.parked.set(account, sent);
    else this.parked.delete(account);
  }

  /** Signing out: the synced tables go; the queue stays for its author unless `discard`. */
  signOut(discard: boolean): Promise<void> {
    for (const table of Object.values(this.tables)) table.clear();
    this.state.cursor = null;
    if (discard) this.rows = [];
    return Promise.resolve();
  }

  meta(): Promise<SyncMeta> {
    return Promise.resolve({ ...this.state });
  }

  enqueue(call: MutationCall, now: number): Promise<OutboxRow> {
    const row: OutboxRow = { ...call, mutationId: this.state.nextMutationId, state: 'queued', attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: now };
    this.state.nextMutationId += 1;
    this.rows.push(row);
    return Promise.resolve({ ...row });
  }

  outbox(): Promise<OutboxRow[]> {
    return Promise.resolve(this.rows.map((r) => ({ ...r })));
  }

  updateOutbox(mutationId: number, patch: Partial<OutboxEntry>): Promise<void> {
    this.rows = this.rows.map((r) => (r.mutationId === mutationId ? { ...r, ...patch } : r));
    return Promise.resolve();
  }

  removeOutbox(mutationId: number): Promise<void> {
    this.rows = this.rows.filter((r) => r.mutationId !== mutationId);
    return Promise.resolve();
  }

  renumber(firstId: number): Promise<void> {
    this.state.nextMutationId = nextIdAfterRenumber(this.rows, firstId);
    this.rows = renumbered(this.rows, firstId);
    return Promise.resolve();
  }

  applyPull(response: PullResponse, settle: OutboxSettlement, now: number): Promise<void> {
    applyToTables(this.tables, response);
    if (!response.hasMore) {
      const named = namedIds(this.rows);
      if (response.keepSince !== null) dropLeftWorkingSet(this.tables, response.keepSince, named);
      dropOlderMessages(this.tables, named);
    }
    this.rows = settledOutbox(this.rows, settle);
    this.state.cursor = response.cursor;
    this.state.lastSyncedAt = now;
    return Promise.resolve();
  }

  /** Forgets the cursor, as after a lost or cleared local database, keeping the outbox. */
  forgetCursor(): void {
    this.state.cursor = null;
  }
}
