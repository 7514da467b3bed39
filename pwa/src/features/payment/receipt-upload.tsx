import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { db, type UploadRow } from '../../local/db';
import { useUploads } from '../../local/hooks';
import { useToast } from '../../components/ui/use-toast';
import { OutboxList } from '../sync-status/outbox-list';
import { isMutationFor, isReceiptFor, saveReceipt } from './receipt-queue';
import { UploadStatus } from './upload-status';

/** The newest receipt chosen for a payment, from the device's upload queue. */
export function useLatestReceipt(paymentId: string) {
  return useUploads()
    .filter(isReceiptFor(paymentId))
    .sort((a, b) => a.createdAt - b.createdAt)
    .at(-1);
}

/**
 * 'Upload Receipt': the image is kept on the device (so it works offline), previewed, uploaded with
 * progress, and then attached to the payment through the outbox.
 */
export function ReceiptUpload({ paymentId, latest }: { paymentId: string; latest: UploadRow | undefined }) {
  const inputId = useId();
  const toast = useToast();
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // NOTE: keyed by the hash, not the row: the live query hands out a new Blob on every progress tick.
  const hash = latest?.hash;
  useEffect(() => {
    if (!hash) return undefined;
    let url: string | undefined;
    let live = true;
    void db.uploads.get(hash).then((row) => {
      if (!live || !row) return;
      url = URL.createObjectURL(row.blob);
      setPreview(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [hash]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSaving(true);
    try {
      await saveReceipt(file, paymentId);
    } catch {
      toast.error('Failed uploading image');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="receipt" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Upload Receipt</h2>
      <label htmlFor={inputId} className="field-label">
        Receipt image
      </label>
      <input id={inputId} type="file" accept="image/*" disabled={saving} onChange={(event) => void onChange(event)} />
      {preview && <img className="receipt-preview" src={preview} alt="Your receipt" />}
      {latest && <UploadStatus upload={latest} />}
      <OutboxList filter={isMutationFor(paymentId)} />
    </section>
  );
}
