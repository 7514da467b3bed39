import type { OutboxRow } from '../../../../../sync/client/types';
import { useOutboxNote } from '../../../local/outbox-rows';

type CancelControlProps = {
  /** The booking's cancellation waiting in the outbox, if any. */
  queued: OutboxRow | undefined;
  /** Whether cancelling is open now (a queued cancellation hides the button unless it was refused). */
  available: boolean;
  onCancel: () => void;
  /** The button's words; 'Cancel booking' unless the booking offers a refund for a cancelled flight. */
  label: string;
};

/** 'Cancel booking' (or 'Cancel for a full refund'), or where the queued cancellation stands ('Sending…', a refusal). */
export function CancelControl({ queued, available, onCancel, label }: CancelControlProps) {
  const outboxNote = useOutboxNote();
  const canCancel = available && (!queued || queued.state === 'rejected');
  return (
    <>
      {canCancel ? (
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {label}
        </button>
      ) : null}
      {queued ? (
        <span role="status" className={queued.state === 'rejected' ? 'form-error' : 'muted'}>
          {outboxNote(queued)}
        </span>
      ) : null}
    </>
  );
}
