import type { PushResponse } from '../protocol';
import { settle } from './outbox';
import { nextIdAfterRenumber, renumbered, settledOutbox } from './tables';
import { TransportError, type OutboxRow, type SyncTransport } from './types';

/** One account's queue on a device: the client id the server knows it by, its next id and its rows. */
export type AccountQueue = { account: string; clientId: string; nextMutationId: number; rows: OutboxRow[] };

/**
 * Another account takes the device: the queue in use is parked under its author (when it holds
 * anything), and the newcomer gets back its own parked queue, or a fresh client. Rows never change
 * account, so each is only ever sent with its author's client id and token. Rows made before any
 * account was claimed (possible only in an older app version) go with the first account to claim,
 * whose own parked queue then stays parked until its next turn.
 */
export function switchQueue(
  current: { account: string | null; clientId: string; nextMutationId: number; rows: OutboxRow[] },
  parked: AccountQueue | undefined,
  account: string,
  newClientId: () => string,
): { park: AccountQueue | null; next: AccountQueue } {
  if (current.account === account || (current.account === null && (current.rows.length || !parked))) return { park: null, next: { ...current, account } };
  const park = current.account !== null && current.rows.length ? { ...current, account: current.account } : null;
  return { park, next: parked ?? { account, clientId: newClientId(), nextMutationId: 1, rows: [] } };
}

/**
 * Sends a parked queue with its author's token, for an author whose token is still on the device (the
 * support guest, once someone signs in). The push answer settles the rows: those up to the server's
 * last id leave, refused ones keep the reason. A failure leaves the queue as it was, for the next try.
 */
export async function sendParked(queue: AccountQueue, transport: SyncTransport, schemaVersion: number): Promise<AccountQueue> {
  const live = queue.rows.filter((r) => r.state !== 'rejected').sort((a, b) => a.mutationId - b.mutationId);
  const first = live[0];
  if (!first) return queue;
  let answer: PushResponse;
  try {
    answer = await transport.push({
      clientId: queue.clientId,
      schemaVersion,
      mutations: live.slice(0, 100).map((r) => ({ id: r.mutationId, name: r.name, args: r.args })),
    });
  } catch (error) {
    if (error instanceof TransportError) return queue;
    throw error;
  }
  if (answer.lastMutationId < first.mutationId - 1) {
    const rows = renumbered(queue.rows, answer.lastMutationId + 1);
    return { ...queue, rows, nextMutationId: nextIdAfterRenumber(rows, answer.lastMutationId + 1) };
  }
  return { ...queue, rows: settledOutbox(queue.rows, settle(queue.rows, answer.lastMutationId, answer.results)) };
}
