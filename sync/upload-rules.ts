/** What an upload is for; a PDF is accepted for receipts only. */
export type UploadKind = 'receipt' | 'chat' | 'avatar' | 'marketing';

/** The file limit of an upload, the same for every kind; the device checks it before queueing a PDF. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
export const PDF_MIME = 'application/pdf';

const WHAT: Record<UploadKind, string> = { receipt: 'Receipts', chat: 'Chat images', avatar: 'Photos', marketing: 'Home-page images' };

/** What an upload of this kind may be, said in every refusal of its type or size. */
export function allowedUploads(kind: UploadKind): string {
  const types = kind === 'receipt' ? 'a JPEG, PNG or WebP image or a PDF' : 'a JPEG, PNG or WebP image';
  return `${WHAT[kind]} must be ${types}, up to ${MAX_MB} MB`;
}

export function tooLarge(kind: UploadKind): string {
  return `The file is larger than ${MAX_MB} MB. ${allowedUploads(kind)}`;
}

/** Whether the bytes begin as a PDF does; the declared type and the file's name are never asked. */
export function startsAsPdf(bytes: Uint8Array): boolean {
  return String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}
