import type { OutboxRow } from '../../../../sync/client/types';
import type { ErrorCode } from '../../../../sync/error-codes';
import { useOutbox } from '../../local/hooks';
import { outboxNote, useOutboxNote } from '../../local/outbox-rows';
import { CHANGE_LABELS } from '../../local/pending-warning';
import { useSyncRunner } from '../../local/sync-context';
import './sync-status.css';

/** Refusals that say the booking or payment moved on meanwhile (another admin, the sweeper, departure). */
const OVERTAKEN = new Set<ErrorCode>(['payment_already_decided', 'payment_deadline_passed', 'booking_not_pending', 'booking_not_cancellable', 'departed']);

function refusal(row: OutboxRow): string {
  return row.lastCode && OVERTAKEN.has(row.lastCode) ? 'Already changed elsewhere' : 'Rejected';
}

/**
 * The changes not yet on the server, with what the user can do about each. One waiting for the connection says so
 * calmly; only a refusal shows a reason, the server's words (never the browser's error text).
 */
export function OutboxList({ filter }: { filter?: (row: OutboxRow) => boolean }) {
  const { retryNow, discard } = useSyncRunner();
  const note = useOutboxNote();
  const rows = useOutbox().filter((row) => (filter ? filter(row) : true));
  if (!rows.length) return null;
  return (
    <ul className="outbox" aria-label="Changes waiting to sync">
      {rows.map((row) => (
        <li key={row.mutationId} className={`outbox__row outbox__row--${row.state}`}>
          <span className="outbox__label">{CHANGE_LABELS[row.name]}</span>
          <span className="outbox__state">{row.state === 'rejected' ? refusal(row) : note(row)}</span>
          {row.state === 'rejected' && row.lastError ? <span className="outbox__reason">{row.lastError}</span> : null}
          {row.state === 'failed' && note(row) !== outboxNote(row, false) ? (
            <button type="button" onClick={() => void retryNow(row.mutationId)}>
              Retry now
            </button>
          ) : null}
          {row.state === 'rejected' ? (
            <button type="button" onClick={() => void discard(row.mutationId)}>
              Discard
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
