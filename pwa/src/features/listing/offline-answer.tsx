import { FLIGHT_WINDOW_DAYS } from '../../../../sync/constants';
import { keptSince } from '../../components/ui/kept-since';
import '../../components/ui/server-read.css';

/** Says that the device answered the search, and from which sync; only for an answer from the device. */
export function OfflineNote({ syncedAt }: { syncedAt: number | null }) {
  return (
    <p className="read-note offline-answer" role="status">
      {syncedAt === null ? 'Offline: this device has no synced flights yet.' : `Offline: fares and seats as of ${keptSince(syncedAt)}`}
    </p>
  );
}

/** An offline search the device has no flight for: why, and when to search again. Not an error. */
export function OfflineEmpty() {
  return (
    <p className="results-state results-empty">
      {`None of the flights kept on this device match this search. A signed-in device keeps the next ${FLIGHT_WINDOW_DAYS} days of flights; search again once you're back online.`}
    </p>
  );
}
