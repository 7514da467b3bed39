import { allowedUploads, MAX_UPLOAD_BYTES, PDF_MIME, startsAsPdf, tooLarge } from '../../../sync/upload-rules';

const MAX_SIDE = 1024;
const QUALITY = 0.9;

/** Downscales an image in the browser to at most 1024 px a side at quality 0.9, as JPEG. */
export async function downscale(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot prepare images');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))), 'image/jpeg', QUALITY);
  });
}

export async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A file the device refuses before anything is queued; the message says what is allowed. */
export class UnacceptedFile extends Error {}

/**
 * A receipt as it is sent: a PDF (known by its first bytes) as it is, up to the upload limit; anything
 * else is decoded and downscaled as an image, and a file the browser cannot decode is refused.
 */
export async function prepareReceiptFile(file: File): Promise<{ blob: Blob; fileName: string }> {
  if (startsAsPdf(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) {
    if (file.size > MAX_UPLOAD_BYTES) throw new UnacceptedFile(tooLarge('receipt'));
    return { blob: new Blob([file], { type: PDF_MIME }), fileName: /\.pdf$/i.test(file.name) ? file.name : `${file.name}.pdf` };
  }
  try {
    return { blob: await downscale(file), fileName: file.name.replace(/\.[^.]+$/, '') + '.jpg' };
  } catch {
    throw new UnacceptedFile(allowedUploads('receipt'));
  }
}
