import { PDF_MIME } from '../../../../sync/upload-rules';
import { PdfReceipt } from './pdf-receipt';
import { usePrivateImage } from './use-private-image';

/** An image only the signed-in owner or an admin may load, with its alt text while it loads; a PDF receipt shows as a document. */
export function PrivateImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const image = usePrivateImage(url);
  if (image.kind === 'failed') return <p className="muted">{alt} could not be loaded.</p>;
  if (image.kind === 'loading') return <p className="muted">Loading {alt.toLowerCase()}…</p>;
  if (image.type === PDF_MIME) return <PdfReceipt file={image} />;
  return <img src={image.src} alt={alt} className={className} />;
}
