import type { MutationResult } from '../protocol';
import type { OutboxRow, OutboxSettlement } from './types';

const BASE_MS = 1_000;
const MAX_MS = 60_000;

/** Exponential backoff with full jitter: a random wait up to 1 s, 2 s, 4 s ... capped at a minute. */
export function backoffMs(attempts: number, random: () => number): number {
  const ceiling = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Rows still to send, in mutation order; rejected rows wait for the user and block nothing. */
export function sendable(rows: OutboxRow[], now: number): OutboxRow[] {
  const live = rows.filter((r) => r.state !== 'rejected').sort((a, b) => a.mutationId - b.mutationId);
  const first = live[0];
  return first && first.nextAttemptAt <= now ? live : [];
}

/** When the queue may next send: its head's time, as the head gates every row behind it. */
export function nextAttemptAt(rows: OutboxRow[]): number | undefined {
  return rows.filter((r) => r.state !== 'rejected').sort((a, b) => a.mutationId - b.mutationId)[0]?.nextAttemptAt;
}

/** What a pull (or push answer) settles: rows up to the server's last id are confirmed unless rejected. */
export function settle(rows: OutboxRow[], lastMutationId: number, results: MutationResult[]): OutboxSettlement {
  const rejectedIds = new Set(results.map((r) => r.mutationId));
  const confirmed = rows.filter((r) => r.state !== 'rejected' && r.mutationId <= lastMutationId && !rejectedIds.has(r.mutationId)).map((r) => r.mutationId);
  const rejected = results.filter((r) => rows.some((row) => row.mutationId === r.mutationId && row.state !== 'rejected'));
  return { confirmed, rejected };
}

export function pendingFrom(rows: OutboxRow[]): number | undefined {
  const ids = rows.filter((r) => r.state !== 'rejected').map((r) => r.mutationId);
  return ids.length ? Math.min(...ids) : undefined;
}
