// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PrivateImage } from './private-image';

const PDF = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstartxref\n9\n%%EOF\n';
const server = setupServer(
  http.get(
    '/api/images/pdf1',
    () => new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="receipt-BP56P9.pdf"' } }),
  ),
  http.get(
    '/api/images/pdf2',
    () => new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="receipt-KMBS4K.pdf"' } }),
  ),
  http.get('/api/images/img1', () => new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } })),
);
/** jsdom has no blob URLs and no PDF viewer; these stand in for a browser that has them, or not. */
let blobs = 0;
const pdfViewer = (enabled: boolean) => Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, get: () => enabled });

beforeAll(() => {
  URL.createObjectURL = () => `blob:test/${(blobs += 1)}`;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(cleanup);
afterAll(() => server.close());

describe('a private receipt', () => {
  it('shows a PDF as a document: a titled preview where the browser shows PDFs, its served name and size, and a link to open it', async () => {
    pdfViewer(true);
    render(<PrivateImage url="/api/images/pdf1" alt="Payment receipt" className="receipt-image" />);
    const frame = await screen.findByTitle('Payment receipt (PDF): receipt-BP56P9.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:test\/\d+#view=FitH&navpanes=0$/);
    expect(screen.getByText('receipt-BP56P9.pdf')).toBeTruthy();
    expect(screen.getByText('1 kB')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open receipt (PDF)' });
    expect(open.getAttribute('href')).toMatch(/^blob:test\/\d+$/);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('without an inline PDF viewer (most phones) it is the document and the link, no frame', async () => {
    pdfViewer(false);
    render(<PrivateImage url="/api/images/pdf2" alt="Payment receipt" />);
    expect(await screen.findByRole('link', { name: 'Open receipt (PDF)' })).toBeTruthy();
    expect(screen.getByText('receipt-KMBS4K.pdf')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows an image as the image it is', async () => {
    render(<PrivateImage url="/api/images/img1" alt="Payment receipt" className="receipt-image" />);
    expect((await screen.findByRole('img', { name: 'Payment receipt' })).getAttribute('src')).toMatch(/^blob:test\//);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
