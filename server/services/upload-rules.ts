import type { images } from '../db/schema';

type Kind = (typeof images.$inferSelect)['kind'];

/** The multipart body's file limit, the same for every kind of upload. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

const WHAT: Record<Kind, string> = { receipt: 'Receipts', chat: 'Chat images', avatar: 'Photos', marketing: 'Home-page images' };

/** What an upload of this kind may be, said in every refusal of its type or size. */
export function allowedUploads(kind: Kind): string {
  const types = kind === 'receipt' ? 'a JPEG, PNG or WebP image or a PDF' : 'a JPEG, PNG or WebP image';
  return `${WHAT[kind]} must be ${types}, up to ${MAX_MB} MB`;
}

export function tooLarge(kind: Kind): string {
  return `The file is larger than ${MAX_MB} MB. ${allowedUploads(kind)}`;
}
