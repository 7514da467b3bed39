import { useId, useState, type ChangeEvent } from 'react';
import { allowedUploads } from '../../../../sync/upload-rules';
import type { UploadRow } from '../../local/db';
import { useUploads } from '../../local/hooks';
import { UnacceptedFile } from '../../local/image-prep';
import { useToast } from '../ui/use-toast';
import { DeliveryNote } from '../sync-status/delivery-note';
import { OutboxList } from '../sync-status/outbox-list';
import { isMutationFor, isReceiptFor, saveReceipt, useWaitingReceipt, withdrawReceipt } from '../../local/receipt-queue';
import { ReceiptPreview } from './receipt-preview';
import { UploadStatus } from './upload-status';
import './receipts.css';

/** The newest receipt chosen for a payment, from the device's upload queue. */
export function useLatestReceipt(paymentId: string) {
  return useUploads()
    .filter(isReceiptFor(paymentId))
    .sort((a, b) => a.createdAt - b.createdAt)
    .at(-1);
}

/** The types the picker offers; the device and the server check the bytes whatever the picker let through. */
const RECEIPT_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';

/** Choosing a receipt (an image or a PDF): it replaces one still waiting to be sent; a file refused on the device says why. */
function ReceiptInput({ paymentId, label }: { paymentId: string; label: string }) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSaving(true);
    setRefusal(null);
    try {
      await saveReceipt(file, paymentId);
    } catch (error) {
      if (error instanceof UnacceptedFile) setRefusal(error.message);
      else toast.error('Failed uploading image');
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <p id={hintId} className="muted">
        {allowedUploads('receipt')}.
      </p>
      <input
        id={inputId}
        type="file"
        accept={RECEIPT_TYPES}
        disabled={saving}
        aria-describedby={refusal ? `${hintId} ${errorId}` : hintId}
        aria-invalid={refusal ? true : undefined}
        onChange={(event) => void onChange(event)}
      />
      {refusal && (
        <p id={errorId} className="field-error" role="alert">
          {refusal}.
        </p>
      )}
    </>
  );
}

/** 'Withdraw receipt' while the receipt has not been sent. */
function WithdrawButton({ paymentId }: { paymentId: string }) {
  const toast = useToast();
  const withdraw = async () => {
    if (await withdrawReceipt(paymentId)) toast.success('Receipt withdrawn.');
    else toast.error('This receipt has already been sent.');
  };
  return (
    <button type="button" className="button button-secondary" onClick={() => void withdraw()}>
      Withdraw receipt
    </button>
  );
}

/**
 * 'Upload Receipt': the image is kept on the device (so it works offline), previewed, uploaded with
 * progress, and then attached to the payment through the outbox. Until it is sent it can be replaced
 * (another image) or withdrawn.
 */
export function ReceiptUpload({ paymentId, latest, title = 'Upload Receipt' }: { paymentId: string; latest: UploadRow | undefined; title?: string }) {
  const titleId = useId();
  const waiting = useWaitingReceipt(paymentId);
  return (
    <section className="receipt" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ReceiptInput paymentId={paymentId} label="Receipt image" />
      {latest && <ReceiptPreview hash={latest.hash} />}
      {latest && <UploadStatus upload={latest} />}
      {waiting && <WithdrawButton paymentId={paymentId} />}
      {waiting && <DeliveryNote />}
      <OutboxList filter={isMutationFor(paymentId)} />
    </section>
  );
}

/** A receipt still on this device for a payment (the confirm page, the dashboard): thumbnail, status, Replace, Withdraw. */
export function WaitingReceipt({ paymentId, title }: { paymentId: string; title: string }) {
  const titleId = useId();
  const waiting = useWaitingReceipt(paymentId);
  if (!waiting) return null;
  return (
    <section className="receipt receipt-waiting" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <ReceiptPreview hash={waiting.hash} className="receipt-thumbnail" />
      <UploadStatus upload={waiting} />
      <DeliveryNote />
      <ReceiptInput paymentId={paymentId} label="Replace receipt" />
      <WithdrawButton paymentId={paymentId} />
    </section>
  );
}
