import type { OutboxRow } from '../../../sync/client/types';
import type { UploadRow } from './db';

/** How each queued change is named to the user (outbox list, sign-out dialog). */
export const CHANGE_LABELS: Record<OutboxRow['name'], string> = {
  attachReceipt: 'Attach receipt',
  confirmManualPayment: 'Payment made',
  reviewPayment: 'Payment decision',
  cancelBooking: 'Cancel booking',
  updateProfile: 'Profile update',
  sendMessage: 'Chat message',
  markConversationRead: 'Chat read receipt',
};

const UPLOAD_LABELS: Record<UploadRow['intent']['name'], string> = {
  attachReceipt: 'Receipt image',
  sendMessage: 'Chat message with an image',
};

/** The waiting changes, named and counted in the order they were made: ['Chat message ×2', 'Receipt image']. */
export function pendingNames(outbox: Pick<OutboxRow, 'name'>[], uploads: Pick<UploadRow, 'intent'>[]): string[] {
  const counts = new Map<string, number>();
  for (const label of [...outbox.map((r) => CHANGE_LABELS[r.name]), ...uploads.map((u) => UPLOAD_LABELS[u.intent.name])]) {
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => (count > 1 ? `${label} ×${count}` : label));
}

/** '2 changes are not sent yet:' */
export function pendingWarning(count: number): string {
  return count === 1 ? '1 change is not sent yet:' : `${count} changes are not sent yet:`;
}
