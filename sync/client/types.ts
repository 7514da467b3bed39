import type { ErrorCode } from '../error-codes';
import type { MutationCall, MutationResult, PullRequest, PullResponse, PushRequest, PushResponse, SyncChanges } from '../protocol';

export type OutboxState = 'queued' | 'sending' | 'failed' | 'rejected';

/** A queued row's bookkeeping; the row itself is this with its mutation (`OutboxRow`). */
export type OutboxEntry = {
  mutationId: number;
  state: OutboxState;
  /** Why the server refused it, as a reason code (absent on rows stored before codes). */
  lastCode?: ErrorCode | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  createdAt: number;
};

/** An outbox row: one member per mutation name, its `args` typed by that mutation. */
export type OutboxRow = OutboxEntry & MutationCall;

export type SyncMeta = { clientId: string; cursor: string | null; nextMutationId: number; lastSyncedAt: number | null };

/** Where a client keeps its synced tables, its outbox and its cursor (Dexie in the PWA, memory in tests). */
export interface SyncStore {
  meta(): Promise<SyncMeta>;
  /** Adds a mutation with the next per-client id, atomically with the counter. */
  enqueue(call: MutationCall, now: number): Promise<OutboxRow>;
  outbox(): Promise<OutboxRow[]>;
  updateOutbox(mutationId: number, patch: Partial<OutboxEntry>): Promise<void>;
  removeOutbox(mutationId: number): Promise<void>;
  /** Gives queued rows fresh ids from `firstId` on, in order (after the server lost this client). */
  renumber(firstId: number): Promise<void>;
  /** Applies a pull in one transaction: tables, deletes, cursor, and the outbox rows it settles. */
  applyPull(response: PullResponse, settle: OutboxSettlement, now: number): Promise<void>;
}

export type OutboxSettlement = { confirmed: number[]; rejected: MutationResult[] };

/** 'refused': the server is up but cannot take changes now (503 or 507 with Retry-After). */
export type TransportErrorKind = 'offline' | 'server' | 'refused' | 'auth' | 'client';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    /** When the server said to try again (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface SyncTransport {
  pull(request: PullRequest): Promise<PullResponse>;
  push(request: PushRequest): Promise<PushResponse>;
}

export type SyncStatus = 'idle' | 'syncing' | 'offline' | 'error' | 'refused' | 'auth';

export type { SyncChanges };
