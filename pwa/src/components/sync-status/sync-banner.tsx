import { useLastSynced } from '../../local/hooks';
import { useSyncState } from '../../local/sync-status';
import './sync-status.css';

function ago(timestamp: number): string {
  const minutes = Math.round((Date.now() - timestamp) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : new Date(timestamp).toLocaleDateString();
}

/**
 * Says when the page shows data from the device: offline, the server unreachable or refusing changes,
 * and how fresh it is. An ended session with changes waiting is told on every page by SignInBanner.
 */
export function SyncBanner() {
  const { online, status } = useSyncState();
  const lastSynced = useLastSynced();
  const synced = lastSynced ? `Last synced ${ago(lastSynced)}.` : 'Not synced yet on this device.';
  if (!online || status === 'offline') {
    return (
      <p className="sync-banner" role="status">
        You are offline. Showing what is saved on this device. {synced}
      </p>
    );
  }
  if (status === 'refused') {
    return (
      <p className="sync-banner sync-banner--warn" role="status">
        SkyWay cannot take new changes right now; yours are kept on this device and will be sent. {synced}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p className="sync-banner sync-banner--warn" role="status">
        We cannot reach SkyWay right now; your changes are kept and will be sent. {synced}
      </p>
    );
  }
  // NOTE: the note's line is kept while the device is read, so the page below does not move when it shows.
  if (lastSynced === undefined)
    return (
      <p className="sync-note" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  return lastSynced ? <p className="sync-note">{synced}</p> : null;
}
