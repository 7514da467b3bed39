import { useId, useState, type FormEvent } from 'react';
import type { SyncPayment } from '../../../../../sync/protocol';
import { Modal } from '../../../components/ui/modal';
import { useSyncRunner } from '../../../local/sync-context';
import { formatPrice } from '../../../lib/format';

export type Decision = 'successful' | 'failed';
export const REASON_REQUIRED = 'A reason is required when a payment fails';

type ReviewDialogProps = { payment: SyncPayment; status: Decision; onClose: () => void };

/**
 * The admin's decision, queued in the outbox with the status the admin saw: if another admin decided
 * first, the server refuses it with who did, and the list shows the real state after the next pull.
 */
export function ReviewDialog({ payment, status, onClose }: ReviewDialogProps) {
  const [reason, setReason] = useState('');
  const { mutate } = useSyncRunner();
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const failing = status === 'failed';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (failing && reason.trim() === '') {
      setError(REASON_REQUIRED);
      return;
    }
    await mutate.reviewPayment({
      paymentId: payment._id,
      expectedStatus: payment.status,
      status,
      ...(failing ? { reason: reason.trim() } : {}),
    });
    onClose();
  };

  return (
    <Modal open title={failing ? 'Mark payment Failed' : 'Mark payment Confirmed'} onClose={onClose}>
      <form noValidate aria-label="Payment decision" onSubmit={(event) => void submit(event)}>
        <p>
          {payment.transactionId}: {formatPrice(payment.amount)} from {payment.userId.fullName || payment.userId.email} for booking {payment.bookingRef}.
        </p>
        {failing ? (
          <div className="field">
            <label htmlFor={reasonId} className="field-label">
              Reason
            </label>
            <textarea
              id={reasonId}
              className="field-input"
              rows={3}
              maxLength={500}
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={`${reasonId}-error`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
        ) : (
          <p>The booking will be confirmed, its seats sold, and the traveller told.</p>
        )}
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={failing ? 'button button-danger' : 'button'}>
            {failing ? 'Mark Failed' : 'Mark Confirmed'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
