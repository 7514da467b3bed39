import { useEffect, useState } from 'react';
import { db } from '../../local/db';

/**
 * The image of a queued upload, from the device.
 * NOTE: keyed by the hash, not the row: the live query hands out a new Blob on every progress tick.
 */
export function ReceiptPreview({ hash, className = 'receipt-preview' }: { hash: string; className?: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
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
  return preview ? <img className={className} src={preview} alt="Your receipt" /> : null;
}
