import { SYNC_SCHEMA_VERSION, type PushResponse } from '../protocol';
import { resultCode } from './tables';
import { backoffMs, nextAttemptAt, pendingFrom, sendable, settle } from './outbox';
import { TransportError, type OutboxRow, type SyncStatus, type SyncStore, type SyncTransport } from './types';

export type EngineOptions = {
  store: SyncStore;
  transport: SyncTransport;
  now?: () => number;
  random?: () => number;
  onStatus?: (status: SyncStatus, detail?: string) => void;
  /**
   * Runs `work` alone among every engine sharing the store (the PWA: a Web Lock across tabs). Each
   * cycle and every outbox write run inside it, so a push never reads a half-written queue and two
   * tabs never send the same row. Defaults to running at once (one engine per store).
   */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Work a cycle does first, inside `exclusive` (the PWA: claim the device, send landed uploads). */
  beforeCycle?: () => Promise<void>;
};

const runNow = <T>(work: () => Promise<T>): Promise<T> => work();

/**
 * The client half of the sync protocol: pushes the outbox in order, then pulls and applies the
 * server's changes. Transient failures pause the queue with backoff; 401 waits for a new sign-in;
 * rejections are marked and the rest of the queue goes on.
 */
export class SyncEngine {
  private running: Promise<void> | undefined;
  private again = false;
  private status: SyncStatus = 'idle';
  /** Until when the server said it cannot take changes: the status stays 'refused' while the queue waits. */
  private refusedUntil = 0;

  constructor(private readonly options: EngineOptions) {}

  private get now() {
    return (this.options.now ?? Date.now)();
  }

  private setStatus(status: SyncStatus, detail?: string) {
    this.status = status;
    this.options.onStatus?.(status, detail);
  }

  get currentStatus(): SyncStatus {
    return this.status;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    return (this.options.exclusive ?? runNow)(work);
  }

  /** Runs `work` on the store while no cycle or other writer runs (a withdrawal, a replacement). */
  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(work);
  }

  /** One cycle at a time; a request during a cycle runs one more cycle after it. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.exclusive(() => this.cycle());
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** 'Retry now': the row and every failed one become due at once; the caller starts the sync. */
  async dueNow(mutationId: number): Promise<void> {
    await this.exclusive(async () => {
      await this.options.store.updateOutbox(mutationId, { state: 'queued', nextAttemptAt: 0 });
      const rows = await this.options.store.outbox();
      for (const row of rows) if (row.state === 'failed') await this.options.store.updateOutbox(row.mutationId, { nextAttemptAt: 0 });
    });
  }

  discard(mutationId: number): Promise<void> {
    return this.exclusive(() => this.options.store.removeOutbox(mutationId));
  }

  /** When the queue may be retried, for a timer; undefined when nothing waits. */
  async nextRetryAt(): Promise<number | undefined> {
    return nextAttemptAt(await this.options.store.outbox());
  }

  private async cycle(): Promise<void> {
    if (this.status === 'auth') return;
    this.setStatus('syncing');
    try {
      await this.options.beforeCycle?.();
      await this.pushOutbox();
      await this.pull();
      this.setStatus(this.now < this.refusedUntil ? 'refused' : 'idle');
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      this.setStatus(error.kind === 'auth' || error.kind === 'offline' || error.kind === 'refused' ? error.kind : 'error', error.message);
    }
  }

  /** Called after a new sign-in: the queue waiting in 'sign in to send' resumes. */
  async resume(): Promise<void> {
    if (this.status === 'auth') this.setStatus('idle');
    await this.sync();
  }

  private async pushOutbox(): Promise<void> {
    const { store } = this.options;
    const rows = sendable(await store.outbox(), this.now);
    if (!rows.length) return;
    const meta = await store.meta();
    for (const row of rows) await store.updateOutbox(row.mutationId, { state: 'sending' });
    let answer: PushResponse;
    try {
      answer = await this.options.transport.push({
        clientId: meta.clientId,
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: rows.slice(0, 100).map((r) => ({ id: r.mutationId, name: r.name, args: r.args })),
      });
    } catch (error) {
      await this.pushFailed(rows, error);
      throw error;
    }
    this.refusedUntil = 0;
    const first = rows[0];
    if (first && answer.lastMutationId < first.mutationId - 1) {
      await store.renumber(answer.lastMutationId + 1);
      this.again = true;
      return;
    }
    for (const result of answer.results) {
      await store.updateOutbox(result.mutationId, { state: 'rejected', lastError: result.message, lastCode: resultCode(result.code) });
    }
  }

  private async pushFailed(rows: OutboxRow[], error: unknown): Promise<void> {
    const auth = error instanceof TransportError && error.kind === 'auth';
    const retryAfter = error instanceof TransportError ? error.retryAfterMs : undefined;
    if (retryAfter !== undefined) this.refusedUntil = this.now + retryAfter;
    const message = error instanceof Error ? error.message : String(error);
    for (const row of rows) {
      const attempts = auth ? row.attempts : row.attempts + 1;
      await this.options.store.updateOutbox(row.mutationId, {
        state: auth ? 'queued' : 'failed',
        attempts,
        lastError: message,
        nextAttemptAt: auth ? 0 : this.now + (retryAfter ?? backoffMs(attempts, this.options.random ?? Math.random)),
      });
    }
  }

  /** Pulls page after page until the server has no more (own rows first, then the catalogue). */
  private async pull(): Promise<void> {
    let more = true;
    while (more) more = await this.pullPage();
  }

  /** One page: applied with the outbox rows it settles; answers whether more pages follow. */
  private async pullPage(): Promise<boolean> {
    const { store } = this.options;
    const meta = await store.meta();
    const before = await store.outbox();
    const response = await this.options.transport.pull({
      clientId: meta.clientId,
      cursor: meta.cursor,
      schemaVersion: SYNC_SCHEMA_VERSION,
      pendingFrom: pendingFrom(before),
    });
    const rows = await store.outbox();
    // The effects of the confirmed mutations are whole only once the sequence ends; refusals are final at once.
    const settlement = settle(rows, response.hasMore ? 0 : response.lastMutationId, response.results);
    await store.applyPull(response, settlement, this.now);
    const left = (await store.outbox()).filter((r) => r.state !== 'rejected');
    const first = left.sort((a, b) => a.mutationId - b.mutationId)[0];
    if (first && response.lastMutationId < first.mutationId - 1) {
      await store.renumber(response.lastMutationId + 1);
      this.again = true;
    }
    return response.hasMore;
  }
}
