import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missingImageFiles, verifyDatabase } from '../ops/verify';
import { setRateLimits } from '../middleware/rate-limits';
import { purgeOrphanImages } from '../services/images/image-cleanup';
import { DAILY_UPLOADS, imagePath } from '../services/images/images';
import { book, confirmEmailOf, upcomingFlight } from './booking-fixtures';
import { loginGuest, startSupport } from './chat-fixtures';
import { countRows, expectError, imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';

type Uploaded = { imageUrl: string; _id: string };
const PDF = 'application/pdf';
const RECEIPTS = 'Receipts must be a JPEG, PNG or WebP image or a PDF, up to 10 MB';
const HOUR = 3_600_000;

/** A one-page PDF as a banking app writes it: header, objects, cross-reference table and trailer. */
function pdf(text = 'Transfer 420.00 USD'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${text.length + 30} >>\nstream\nBT /F1 12 Tf 72 720 Td (${text}) Tj ET\nendstream`,
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('PDF receipts', () => {
  let server: TestServer;
  const tokens = { owner: '', other: '', admin: '' };
  const as = (who: keyof typeof tokens) => client(server.url, tokens[who]);
  let serial = 0;
  const receiptForm = (data: Buffer | string, name = 'statement.pdf', fields: Record<string, string> = {}) =>
    imageForm(data, name, PDF, { kind: 'receipt', ...fields });
  const fresh = () => pdf(`Transfer ${(serial += 1)}`);
  /** The served bytes, as they are, with the headers. */
  const fetchRaw = async (url: string, who?: keyof typeof tokens) => {
    const res = await fetch(`${server.url}${url}`, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
    return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    const [owner, other] = [
      await makeAccount(server, { email: 'pdf-owner@example.com', fullName: 'Test User', confirmed: false }),
      await makeAccount(server, { email: 'pdf-other@example.com', fullName: 'Test User', confirmed: false }),
    ];
    await confirmEmailOf(server, owner.id);
    Object.assign(tokens, { owner: owner.token, other: other.token, admin: await login(server.url, ADMIN.email, ADMIN.password) });
  });
  beforeEach(() => {
    server.setNow(new Date());
    setRateLimits(server.ctx, { upload: 1_000, uploadAddress: 1_000 });
  });
  afterAll(() => server.stop());

  it('a PDF receipt is stored as it came (a backup finds its file) and served as a sandboxed, unsniffed document named after its booking', async () => {
    const bytes = fresh();
    const res = await as('owner').post<Uploaded>('/api/images', receiptForm(bytes));
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toBe(`/api/images/${res.body._id}`);
    expect(readFileSync(imagePath(server.dataDir, res.body._id, PDF)).equals(bytes)).toBe(true);
    expect(existsSync(imagePath(server.dataDir, res.body._id))).toBe(false);

    const served = await fetchRaw(res.body.imageUrl, 'owner');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(PDF);
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="receipt-${res.body._id.slice(0, 8)}.pdf"`);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(served.data.equals(bytes)).toBe(true);

    const created = await book(as('owner'), await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['D1']);
    expect((await as('owner').put(`/api/payments/token/${created.link.split('/').pop() ?? ''}`, { image: res.body.imageUrl })).status).toBe(200);
    const attached = await fetchRaw(res.body.imageUrl, 'admin');
    expect(attached.status).toBe(200);
    expect(attached.headers.get('content-disposition')).toBe(`inline; filename="receipt-${created.booking.bookingId}.pdf"`);
    expect(attached.data.equals(bytes)).toBe(true);
    const verified = verifyDatabase(path.join(server.dataDir, 'airline.sqlite'));
    expect(verified.pdfs).toContain(res.body._id);
    expect(missingImageFiles(verified, server.dataDir)).toEqual([]);
  });

  it('serves a PDF receipt only to its owner and admins: anonymous 401, another traveller 404, never the bytes', async () => {
    const { imageUrl } = (await as('owner').post<Uploaded>('/api/images', receiptForm(fresh()))).body;
    expect((await fetchRaw(imageUrl, 'admin')).status).toBe(200);
    const anonymous = await fetchRaw(imageUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/json');
    expectError(await as('other').get(imageUrl), 404, 'Image not found');
  });

  it('refuses a PDF for chat images and photos, saying they must be images', async () => {
    const rows = await countRows(server, 'images');
    const guest = await loginGuest(server.url);
    const conversationId = (await startSupport(guest.api))._id;
    const chat = 'PDFs are accepted for receipts only. Chat images must be a JPEG, PNG or WebP image, up to 10 MB';
    expectError(await guest.api.post('/api/images', imageForm(fresh(), 'a.pdf', PDF, { kind: 'chat', conversationId })), 400, chat);
    const photo = 'PDFs are accepted for receipts only. Photos must be a JPEG, PNG or WebP image, up to 10 MB';
    expectError(await as('owner').post('/api/images', imageForm(fresh(), 'me.pdf', PDF, { kind: 'avatar' })), 400, photo);
    const named = 'Chat images must be a JPEG, PNG or WebP image, up to 10 MB';
    expectError(await guest.api.post('/api/images', imageForm('not an image', 'a.png', 'image/png', { kind: 'chat', conversationId })), 400, named);
    expect(await countRows(server, 'images')).toBe(rows);
  });

  it('knows a PDF by its bytes: a renamed file, a cut-short PDF and an unknown version are refused, whatever their name and type', async () => {
    const rows = await countRows(server, 'images');
    const api = as('owner');
    expectError(await api.post('/api/images', receiptForm('Dear bank, I paid. This is a text file.')), 400, RECEIPTS);
    expectError(await api.post('/api/images', receiptForm(await makeImage(10, 10, 'gif'), 'scan.pdf')), 400, RECEIPTS);
    const html = '<html><script>fetch("/api/users/me")</script></html>';
    expectError(await api.post('/api/images', receiptForm(html, 'receipt.pdf')), 400, RECEIPTS);
    const damaged = `The PDF is damaged or incomplete. ${RECEIPTS}`;
    const whole = fresh();
    expectError(await api.post('/api/images', receiptForm(whole.subarray(0, whole.length - 40))), 400, damaged);
    expectError(await api.post('/api/images', receiptForm(Buffer.concat([Buffer.from('%PDF-9.9\n'), whole.subarray(9)]))), 400, damaged);
    expectError(await api.post('/api/images', receiptForm('%PDF-')), 400, damaged);
    expect(await countRows(server, 'images')).toBe(rows);
    const png = await api.post<Uploaded>('/api/images', imageForm(await makeImage(30, 20), 'photo.pdf', PDF, { kind: 'receipt' }));
    expect(png.status).toBe(201);
    expect((await fetchRaw(png.body.imageUrl, 'owner')).headers.get('content-type')).toBe('image/webp');
  });

  it('an oversize file is refused with the limit and what the kind allows', async () => {
    const big = Buffer.concat([fresh(), Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await as('owner').post('/api/images', receiptForm(big)), 413, `The file is larger than 10 MB. ${RECEIPTS}`);
    const avatar = 'The file is larger than 10 MB. Photos must be a JPEG, PNG or WebP image, up to 10 MB';
    expectError(await as('owner').post('/api/images', imageForm(big, 'me.jpg', 'image/jpeg', { kind: 'avatar' })), 413, avatar);
  });

  it('PDFs count towards the daily quota and unattached ones are cleaned up with their files', async () => {
    const traveller = await makeAccount(server, { email: 'pdf-quota@example.com', fullName: 'Test User', confirmed: false });
    const api = client(server.url, traveller.token);
    const kept: string[] = [];
    for (let i = 0; i < DAILY_UPLOADS.user; i += 1) kept.push((await api.post<Uploaded>('/api/images', receiptForm(fresh()))).body._id);
    expectError(await api.post('/api/images', receiptForm(fresh())), 429, 'You have uploaded the most images allowed in a day. Please try again tomorrow.');
    server.setNow(new Date(Date.now() + 25 * HOUR));
    const purged = await purgeOrphanImages(server.ctx);
    for (const id of kept) {
      expect(purged).toContain(id);
      expect(existsSync(imagePath(server.dataDir, id, PDF))).toBe(false);
    }
  });
});
