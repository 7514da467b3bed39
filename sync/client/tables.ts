import { CATALOGUE_TABLES, SYNC_TABLES, type CoveredRange, type PullResponse, type SyncPayment, type SyncTable } from '../protocol';
import type { Booking } from '../schemas/booking';
import type { Conversation, Message } from '../schemas/chat';
import { leftWorkingSet, olderMessages } from '../working-set';
import { isErrorCode, type ErrorCode } from '../error-codes';
import { codeForStatus } from '../status-codes';
import type { OutboxRow, OutboxSettlement } from './types';

/** The row id every synced table keys on. */
export type Keyed = { _id: string };

/** The tables a reset empties at its first page; the catalogue is replaced range by range instead. */
export const OWN_TABLES = SYNC_TABLES.filter((t) => !(CATALOGUE_TABLES as readonly SyncTable[]).includes(t));

export function inRange(id: string, range: CoveredRange): boolean {
  return id > range.after && (range.through === null || id <= range.through);
}

/** The ids a covered range drops: kept on the device, in the range, and not in the answer. */
export function droppedByRange(kept: Iterable<string>, range: CoveredRange, response: PullResponse): string[] {
  const sent = new Set(response.changes[range.table].map((row) => row._id));
  return [...kept].filter((id) => inRange(id, range) && !sent.has(id));
}

/**
 * Applies a pull to a table-set the way every store must: a reset clears the own tables first (never
 * the outbox), then changes are upserted, deletes removed, and rows missing from covered ranges dropped.
 */
export function applyToTables(tables: Record<SyncTable, Map<string, Keyed>>, response: PullResponse): void {
  if (response.reset) for (const name of OWN_TABLES) tables[name].clear();
  for (const name of SYNC_TABLES) {
    for (const row of response.changes[name]) tables[name].set(row._id, row);
  }
  for (const range of response.covers) {
    for (const id of droppedByRange(tables[range.table].keys(), range, response)) tables[range.table].delete(id);
  }
  for (const [name, ids] of Object.entries(response.deletes)) {
    const table = SYNC_TABLES.find((t) => t === name);
    if (table) for (const id of ids) tables[table].delete(id);
  }
}

/**
 * An admin's device after the last page of a sequence: rows that left the working set go, conversations
 * with their messages (sync/working-set.ts). `kept`: ids the outbox or the admin's opened records name.
 */
export function dropLeftWorkingSet(tables: Record<SyncTable, Map<string, Keyed>>, keepSince: string, kept: ReadonlySet<string>): void {
  const rows = <T>(table: SyncTable) => [...tables[table].values()] as T[];
  const payments = rows<SyncPayment>('payments');
  const left = leftWorkingSet(
    { payments, bookings: rows<Booking>('bookings'), paymentsOfBookings: payments, conversations: rows<Conversation>('conversations') },
    keepSince,
    kept,
  );
  for (const table of ['payments', 'bookings', 'conversations'] as const) for (const id of left[table]) tables[table].delete(id);
  const gone = new Set(left.conversations);
  for (const message of rows<Message>('messages')) if (gone.has(message.conversationId)) tables.messages.delete(message._id);
}

/** After the last page of a sequence: each conversation keeps its recent messages and those `kept` names (sync/working-set.ts). */
export function dropOlderMessages(tables: Record<SyncTable, Map<string, Keyed>>, kept: ReadonlySet<string>): void {
  for (const id of olderMessages([...tables.messages.values()] as Message[], kept)) tables.messages.delete(id);
}

/** The outbox after a settlement: confirmed rows leave, rejected ones carry the server's reason. */
export function settledOutbox(rows: OutboxRow[], settlement: OutboxSettlement): OutboxRow[] {
  const confirmed = new Set(settlement.confirmed);
  const refusals = new Map(settlement.rejected.map((r) => [r.mutationId, r]));
  return rows
    .filter((r) => !confirmed.has(r.mutationId))
    .map((r) => {
      const refusal = refusals.get(r.mutationId);
      return refusal ? { ...r, state: 'rejected' as const, lastError: refusal.message, lastCode: resultCode(refusal.code) } : r;
    });
}

/** A result's reason code; a server from before codes sent the HTTP status as text ('409'). */
export function resultCode(code: string): ErrorCode {
  return isErrorCode(code) ? code : codeForStatus(Number(code));
}

/**
 * Fresh ids after the server lost this client: rows still to send take `firstId`, `firstId + 1`, ...
 * in order. Rejected rows are never sent again, so they take the ids just below `firstId`: were they
 * numbered among the others, the server would see a gap before the next row and stop there forever.
 */
export function renumbered(rows: OutboxRow[], firstId: number): OutboxRow[] {
  const sorted = [...rows].sort((a, b) => a.mutationId - b.mutationId);
  const rejected = sorted.filter((r) => r.state === 'rejected');
  const live = sorted.filter((r) => r.state !== 'rejected');
  return [...rejected.map((r, i) => ({ ...r, mutationId: firstId - rejected.length + i })), ...live.map((r, i) => ({ ...r, mutationId: firstId + i }))];
}

/** The id the next mutation takes once `rows` were renumbered from `firstId`. */
export function nextIdAfterRenumber(rows: OutboxRow[], firstId: number): number {
  return firstId + rows.filter((r) => r.state !== 'rejected').length;
}
