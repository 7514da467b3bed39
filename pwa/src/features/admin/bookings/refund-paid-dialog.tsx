import { useId, useState } from 'react';
import { REFUND_METHODS, type Booking, type RefundMethod } from '../../../../../sync/schemas/booking';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { formatPrice } from '../../../lib/format';
import type { RefundSent } from './use-refund-paid';
import './refund.css';

const METHOD_CHOICES = REFUND_METHODS.map((value) => ({ value, label: value === 'Cash App' ? value : value[0]?.toUpperCase() + value.slice(1) }));

type RefundPaidDialogProps = {
  booking: Booking;
  busy: boolean;
  onConfirm: (sent: RefundSent) => Promise<boolean>;
  onClose: () => void;
};

/** Asks before marking a refund paid: the whole amount due, how it was sent (radio buttons: no menu to clip on a phone) and an optional reference. */
export function RefundPaidDialog({ booking, busy, onConfirm, onClose }: RefundPaidDialogProps) {
  const [method, setMethod] = useState<RefundMethod | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const confirm = async () => {
    if (!method) return setError('Choose how the refund was sent');
    if (await onConfirm({ method, note })) onClose();
  };

  return (
    <Modal
      open
      title="Mark refund paid?"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Go back
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Working…' : 'Refund paid'}
          </button>
        </>
      }
    >
      <p>
        Confirm that the refund of <strong>{formatPrice(booking.refundDue ?? 0)}</strong> for booking {booking.bookingId} ({booking.userId.fullName}) has been
        sent. The traveller is e-mailed the amount and the method.
      </p>
      <fieldset className="refund-methods" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="field-label">Method</legend>
        {METHOD_CHOICES.map((choice) => (
          <label key={choice.value} className="refund-method">
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={method === choice.value}
              onChange={() => {
                setMethod(choice.value);
                setError(undefined);
              }}
            />
            {choice.label}
          </label>
        ))}
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Note or reference (optional)"
        value={note}
        maxLength={200}
        onChange={(event) => setNote(event.target.value)}
        hint="Kept in the audit log, not mailed"
      />
    </Modal>
  );
}
