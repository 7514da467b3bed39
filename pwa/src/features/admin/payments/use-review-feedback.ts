import { useEffect, useRef } from 'react';
import type { OutboxRow } from '../../../../../sync/client/types';
import { useToast } from '../../../components/ui/use-toast';
import { useQueuedReviews } from '../../../local/hooks';
import { reviewOf } from '../../../local/outbox-rows';

/**
 * Tells the admin how queued decisions ended: 'Payment status updated' once the synced payment shows
 * the decision, the server's reason when it refused one. Rows already on the device are not re-told,
 * and rows cleared by signing out (the payment gone with them) say nothing.
 */
export function useReviewFeedback(): void {
  const toast = useToast();
  const tracked = useRef<Set<string>>(new Set());
  const snapshot = useQueuedReviews(tracked.current);
  const previous = useRef<Map<number, OutboxRow> | null>(null);

  useEffect(() => {
    if (!snapshot) return;
    const now = new Map(snapshot.rows.map((row) => [row.mutationId, row]));
    for (const row of snapshot.rows) {
      const review = reviewOf(row);
      if (review) tracked.current.add(review.paymentId);
    }
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    for (const [id, row] of before) {
      const after = now.get(id);
      const review = reviewOf(row);
      if (!after && row.state !== 'rejected' && review && snapshot.statuses.get(review.paymentId) === review.status) toast.success('Payment status updated');
      if (after?.state === 'rejected' && row.state !== 'rejected') toast.error(after.lastError ?? 'The server refused the decision');
    }
    for (const [id, row] of now) if (!before.has(id) && row.state === 'rejected') toast.error(row.lastError ?? 'The server refused the decision');
  }, [snapshot, toast]);
}
