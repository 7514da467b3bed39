import { eq } from 'drizzle-orm';
import { first, type Queryable } from '../../db/client';
import { bookings, payments } from '../../db/schema';
import { AppError } from '../../errors';
import { allowedUploads } from '../../../sync/upload-rules';

/** Where a PDF's trailer must sit: `startxref` and `%%EOF` close the file (a few bytes of padding may follow). */
const TRAILER_BYTES = 1024;

/**
 * NOTE: a PDF receipt is stored as it came, never parsed: sharp's libvips has no PDF loader and a PDF
 * parser on hostile input is not bounded in time or memory. What is checked reads only the first 8
 * bytes and the last kilobyte: a known version (1.0 to 1.7, 2.0) and a trailer (`startxref`, `%%EOF`),
 * so a cut-short or renamed file is refused. Pages are not counted: in PDF 1.5 and later they may sit in
 * compressed object streams, which only a parser could open.
 */
export function checkPdf(input: Buffer): void {
  const version = input.subarray(0, 8).toString('latin1');
  const trailer = input.subarray(-TRAILER_BYTES).toString('latin1');
  if (!/^%PDF-(1\.[0-7]|2\.0)$/.test(version) || !trailer.includes('startxref') || !trailer.includes('%%EOF')) {
    throw new AppError(400, `The PDF is damaged or incomplete. ${allowedUploads('receipt')}`);
  }
}

/** The name a PDF receipt is served under: its booking's reference once attached to a payment. */
export async function receiptFileName(q: Queryable, imageId: string): Promise<string> {
  const booking = await first(
    q
      .select({ reference: bookings.reference })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(payments.receiptImageId, imageId)),
  );
  return `receipt-${booking?.reference ?? imageId.slice(0, 8)}.pdf`;
}

/** A PDF opens in the browser's viewer, never as a page of ours: no sniffing, and sandboxed (no script, no origin). */
export function pdfHeaders(fileName: string): Record<string, string> {
  return {
    'Content-Disposition': `inline; filename="${fileName}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
  };
}
