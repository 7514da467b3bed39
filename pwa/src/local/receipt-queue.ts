import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../../../sync/client/types';
import { MutationArgsSchemas } from '../../../sync/protocol';
import { tokenUserId } from '../lib/auth-token';
import { registerBackgroundFlush } from './background-sync';
import { db, type UploadRow } from './db';
import { requestSync, whileQueueHeld } from './sync-runner';
import { syncToken } from './token';
import { prepareReceipt } from './uploads';

const AttachArgsSchema = MutationArgsSchemas.attachReceipt;

/**
 * NOTE: the device shows one account at a time; a sync claims it for the signed-in one (its synced
 * tables replace the other's, whose queue is parked). The claim is made before anything is queued, so
 * the page's rows are this account's.
 */
export async function claimDevice(): Promise<void> {
  const meta = await db.meta.get('sync');
  if (meta?.userId !== tokenUserId(syncToken())) await requestSync();
}

/**
 * The receipt of a payment that is still waiting on this device: its upload not yet landed, or landed with
 * its attachment not yet sent. NOTE: runs while the sync lock is held, so nothing is half-sent.
 */
async function waitingReceipt(paymentId: string): Promise<{ uploads: UploadRow[]; rows: OutboxRow[] }> {
  const rows = (await db.outbox.toArray()).filter(
    (r) => r.name === 'attachReceipt' && isMutationFor(paymentId)(r) && (r.state === 'queued' || r.state === 'failed'),
  );
  const images = new Set(rows.map((r) => AttachArgsSchema.safeParse(r.args).data?.image));
  const uploads = (await db.uploads.toArray())
    .filter(isReceiptFor(paymentId))
    .filter((u) => (u.state !== 'done' && u.state !== 'rejected') || (u.state === 'done' && images.has(u.imageUrl ?? '')));
  return { uploads, rows };
}

/** Takes the waiting receipt off the device; no sync runs meanwhile. Answers whether one was waiting. */
function takeBack(paymentId: string): Promise<boolean> {
  return db.transaction('rw', db.uploads, db.outbox, async () => {
    const { uploads, rows } = await waitingReceipt(paymentId);
    await db.uploads.bulkDelete(uploads.map((u) => u.hash));
    await db.outbox.bulkDelete(rows.map((r) => r.mutationId));
    return uploads.length + rows.length > 0;
  });
}

/**
 * Keeps the receipt on the device and uploads it when online; the attachReceipt mutation follows. A
 * receipt still waiting for the same payment is replaced, never sent as well.
 */
export async function saveReceipt(file: File, paymentId: string): Promise<void> {
  await claimDevice();
  const row = await prepareReceipt(file, paymentId);
  await whileQueueHeld(async () => {
    await takeBack(paymentId);
    await db.uploads.put(row);
  });
  if (navigator.onLine) void requestSync();
  else await registerBackgroundFlush();
}

/** 'Withdraw receipt': answers false when it had already been sent (nothing was waiting). */
export function withdrawReceipt(paymentId: string): Promise<boolean> {
  return whileQueueHeld(() => takeBack(paymentId));
}

/** Whether a receipt for the payment waits on the device, and its newest upload (for the thumbnail). */
export function useWaitingReceipt(paymentId: string): UploadRow | undefined {
  return useLiveQuery(async () => (await waitingReceipt(paymentId)).uploads.sort((a, b) => a.createdAt - b.createdAt).at(-1), [paymentId]);
}

/** 'Retry now' on a failed upload: it goes at once instead of at its backoff time. */
export async function retryUpload(hash: string): Promise<void> {
  await db.uploads.update(hash, { nextAttemptAt: 0 });
  await requestSync();
}

export function isReceiptFor(paymentId: string) {
  return (row: UploadRow) => row.intent.name === 'attachReceipt' && row.intent.args.paymentId === paymentId;
}

/** Outbox rows about this payment: its receipt attachment and 'I have made payment'. */
export function isMutationFor(paymentId: string) {
  return (row: { name: string; args: unknown }) =>
    (row.name === 'attachReceipt' || row.name === 'confirmManualPayment') &&
    typeof row.args === 'object' &&
    row.args !== null &&
    'paymentId' in row.args &&
    row.args.paymentId === paymentId;
}
