import { tokenUserId } from '../../lib/auth-token';
import { db, type UploadRow } from '../../local/db';
import { requestSync } from '../../local/sync-runner';
import { syncToken } from '../../local/token';
import { queueReceipt } from '../../local/uploads';

/**
 * NOTE: the device shows one account at a time; a sync claims it for the signed-in one (its synced
 * tables replace the other's, whose queue is parked). The claim is made before anything is queued, so
 * the page's rows are this account's.
 */
export async function claimDevice(): Promise<void> {
  const meta = await db.meta.get('sync');
  if (meta?.userId !== tokenUserId(syncToken())) await requestSync();
}

/** Keeps the receipt on the device and uploads it when online; the attachReceipt mutation follows. */
export async function saveReceipt(file: File, paymentId: string): Promise<void> {
  await claimDevice();
  await queueReceipt(file, paymentId);
  if (navigator.onLine) void requestSync();
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
