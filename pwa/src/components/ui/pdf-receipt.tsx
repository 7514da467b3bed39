import { DocumentChip } from './document-chip';
import type { PrivateFile } from './use-private-image';

/**
 * A PDF receipt as a document: its pages in a frame where the browser shows PDFs inline (desktop
 * Chromium, Firefox, Safari; phones mostly do not), fitted to the width without the thumbnails pane,
 * its name and size, and a link to open it.
 */
export function PdfReceipt({ file }: { file: PrivateFile }) {
  const name = file.name ?? 'receipt.pdf';
  return (
    <figure className="receipt-document">
      {navigator.pdfViewerEnabled ? (
        <iframe className="receipt-frame" src={`${file.src}#view=FitH&navpanes=0`} title={`Payment receipt (PDF): ${name}`} />
      ) : null}
      <DocumentChip name={name} size={file.size} />
      <a className="button button-secondary" href={file.src} target="_blank" rel="noopener">
        Open receipt (PDF)
      </a>
    </figure>
  );
}
