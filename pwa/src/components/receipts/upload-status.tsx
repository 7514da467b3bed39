import type { UploadRow } from '../../local/db';
import { useSyncState } from '../../local/sync-status';
import { retryUpload } from '../../local/receipt-queue';

/** Where the receipt is: waiting on the device, uploading (with progress), failed, refused or uploaded. */
export function UploadStatus({ upload }: { upload: UploadRow }) {
  const { online } = useSyncState();
  const waiting = !online && (upload.state === 'queued' || upload.state === 'failed');
  if (waiting || upload.state === 'queued') {
    return <p role="status">Receipt queued{waiting ? ': it uploads when you are back online.' : '.'}</p>;
  }
  if (upload.state === 'uploading') {
    const percent = Math.round(upload.progress * 100);
    return (
      <div role="status">
        <p>Uploading receipt… {percent}%</p>
        <progress max={1} value={upload.progress} aria-label="Receipt upload" />
      </div>
    );
  }
  if (upload.state === 'failed') {
    return (
      <div role="status">
        <p>The receipt is not uploaded yet; it is tried again shortly.</p>
        <button type="button" className="button button-secondary" onClick={() => void retryUpload(upload.hash)}>
          Retry now
        </button>
      </div>
    );
  }
  if (upload.state === 'rejected') {
    return (
      <p className="field-error" role="status">
        The receipt was refused: {upload.lastError}. Please choose another file.
      </p>
    );
  }
  return <p role="status">Receipt uploaded.</p>;
}
