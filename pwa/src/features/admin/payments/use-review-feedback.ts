import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { OutboxRow } from '../../../../../sync/client/types';
import { useToast } from '../../../components/ui/use-toast';
import { db } from '../../../data/db';

/**
 * Tells the admin how queued decisions ended: 'Payment status updated' when the server took one, the
 * server's reason when it refused one. Rows already on the device when the page opens are not re-told.
 */
export function useReviewFeedback(): void {
  const toast = useToast();
  const rows = useLiveQuery(() => db.outbox.filter((row) => row.name === 'reviewPayment').toArray(), []);
  const previous = useRef<Map<number, OutboxRow> | null>(null);

  useEffect(() => {
    if (!rows) return;
    const now = new Map(rows.map((row) => [row.mutationId, row]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    for (const [id, row] of before) {
      const after = now.get(id);
      if (!after && row.state !== 'rejected') toast.success('Payment status updated');
      if (after?.state === 'rejected' && row.state !== 'rejected') toast.error(after.lastError ?? 'The server refused the decision');
    }
    for (const [id, row] of now) if (!before.has(id) && row.state === 'rejected') toast.error(row.lastError ?? 'The server refused the decision');
  }, [rows, toast]);
}
