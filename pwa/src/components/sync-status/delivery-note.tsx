import { backgroundSyncSupported, deliveryNote } from '../../local/background-sync';
import { useSyncState } from '../../local/sync-status';
import './sync-status.css';

/**
 * Beside a queued receipt or chat message while it cannot go: whether the browser sends it in the
 * background (Background Sync) or only when the app is next opened online.
 */
export function DeliveryNote({ supported = backgroundSyncSupported() }: { supported?: boolean }) {
  const { online, status } = useSyncState();
  const note = deliveryNote({ supported, online, status });
  return note ? <p className="sync-note delivery-note">{note}</p> : null;
}
