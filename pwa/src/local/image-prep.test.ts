import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../sync/upload-rules';
import { prepareReceiptFile, UnacceptedFile } from './image-prep';

/** The refusal a file gets on the device: an UnacceptedFile, whose message is shown under the picker. */
async function refusalOf(file: File): Promise<string> {
  const error: unknown = await prepareReceiptFile(file).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnacceptedFile);
  return (error as UnacceptedFile).message;
}

const PDF_BYTES = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstartxref\n9\n%%EOF\n';

describe('preparing a receipt on the device', () => {
  it('passes a PDF through untouched, known by its bytes whatever the browser called it', async () => {
    const file = new File([PDF_BYTES], 'Statement 12.PDF', { type: '' });
    const { blob, fileName } = await prepareReceiptFile(file);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe(PDF_BYTES);
    expect(fileName).toBe('Statement 12.PDF');
    expect((await prepareReceiptFile(new File([PDF_BYTES], 'statement', { type: 'application/octet-stream' }))).fileName).toBe('statement.pdf');
  });

  it('refuses a PDF over the upload limit before it is queued, saying the limit and the allowed types', async () => {
    const big = new File([PDF_BYTES, new Uint8Array(MAX_UPLOAD_BYTES)], 'scan.pdf', { type: 'application/pdf' });
    expect(await refusalOf(big)).toBe('The file is larger than 10 MB. Receipts must be a JPEG, PNG or WebP image or a PDF, up to 10 MB');
  });

  it('refuses a file that is neither a PDF nor an image the browser can decode', async () => {
    const renamed = new File(['I paid, honestly'], 'bank.pdf', { type: 'application/pdf' });
    expect(await refusalOf(renamed)).toBe('Receipts must be a JPEG, PNG or WebP image or a PDF, up to 10 MB');
  });
});
