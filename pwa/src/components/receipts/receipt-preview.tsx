import { useEffect, useState } from 'react';
import { PDF_MIME } from '../../../../sync/upload-rules';
import { DocumentChip } from '../../components/ui/document-chip';
import { queuedUpload } from '../../local/device-reads';
import './receipts.css';

type Preview = { kind: 'image'; src: string } | { kind: 'pdf'; name: string; size: number };

/**
 * The receipt of a queued upload, from the device: the image, or a PDF as a document chip.
 * NOTE: keyed by the hash, not the row: the live query hands out a new Blob on every progress tick.
 */
export function ReceiptPreview({ hash, className = 'receipt-preview' }: { hash: string; className?: string }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    void queuedUpload(hash).then((row) => {
      if (!live || !row) return;
      if (row.blob.type === PDF_MIME) {
        setPreview({ kind: 'pdf', name: row.fileName, size: row.blob.size });
        return;
      }
      url = URL.createObjectURL(row.blob);
      setPreview({ kind: 'image', src: url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [hash]);
  if (!preview) return null;
  return preview.kind === 'pdf' ? <DocumentChip name={preview.name} size={preview.size} /> : <img className={className} src={preview.src} alt="Your receipt" />;
}
