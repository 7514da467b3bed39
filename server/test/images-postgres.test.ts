import { existsSync, readdirSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFiles, images } from '../db/schema';
import { purgeOrphanImages } from '../services/images/image-cleanup';
import { imageDir } from '../services/images/images';
import { imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';
import { createTestDatabase } from './pg-database';

type Uploaded = { imageUrl: string; _id: string };
type Listed = { _id: string; imageUrl: string };
const PDF = 'application/pdf';
const SERVED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'content-disposition', 'x-content-type-options', 'content-security-policy'];

/** A short PDF with the header and trailer the upload checks. */
function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\nxref\n0 1\ntrailer\n<< /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`, 'latin1');
}

describe('images on PostgreSQL: two processes, one database, no shared disk', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestServer;
  let b: TestServer;
  const tokens = { owner: '', stranger: '', admin: '' };
  const uploaded: string[] = [];

  const fetchRaw = async (server: TestServer, url: string, who?: keyof typeof tokens) => {
    const res = await fetch(`${server.url}${url}`, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
    const headers = Object.fromEntries(SERVED_HEADERS.map((name) => [name, res.headers.get(name)]));
    return { status: res.status, headers, data: Buffer.from(await res.arrayBuffer()) };
  };
  const upload = async (server: TestServer, form: FormData) => {
    const res = await client(server.url, tokens.owner).post<Uploaded>('/api/images', form);
    expect(res.status).toBe(201);
    uploaded.push(res.body._id);
    return res.body;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, JWT_SECRET: 'a-secret-both-processes-share-32-chars' };
    a = await startTestServer({ seed: 'demo', env });
    b = await startTestServer({ seed: 'demo', env });
    tokens.owner = (await registerUser(a.url, 'pg-owner@example.test')).token;
    tokens.stranger = (await registerUser(b.url, 'pg-stranger@example.test')).token;
    tokens.admin = await login(b.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await database.drop();
  });

  it('a receipt uploaded through one process is served by the other with the same bytes and headers', async () => {
    const receipt = await upload(a, imageForm(await makeImage(1600, 1200), 'receipt.png', 'image/png', { kind: 'receipt' }));
    const fromA = await fetchRaw(a, receipt.imageUrl, 'owner');
    const fromB = await fetchRaw(b, receipt.imageUrl, 'owner');
    expect(fromA.status).toBe(200);
    expect(fromB).toEqual(fromA);
    expect(fromB.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'private, no-store', 'content-length': String(fromB.data.length) });
    expect(await sharp(fromB.data).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    expect((await fetchRaw(b, receipt.imageUrl, 'admin')).data.equals(fromA.data)).toBe(true);
    expect((await fetchRaw(b, receipt.imageUrl, 'stranger')).status).toBe(404);
    expect((await fetchRaw(b, receipt.imageUrl)).status).toBe(401);
  });

  it('a PDF receipt uploaded through one process is served by the other as it came, sandboxed', async () => {
    const bytes = pdf('Transfer 420.00 USD');
    const receipt = await upload(a, imageForm(bytes, 'statement.pdf', PDF, { kind: 'receipt' }));
    const fromA = await fetchRaw(a, receipt.imageUrl, 'owner');
    const fromB = await fetchRaw(b, receipt.imageUrl, 'owner');
    expect(fromB).toEqual(fromA);
    expect(fromB.data.equals(bytes)).toBe(true);
    expect(fromB.headers).toMatchObject({
      'content-type': PDF,
      'content-disposition': `inline; filename="receipt-${receipt._id.slice(0, 8)}.pdf"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    });
  });

  it('the home-page images seeded by one process are served publicly by the other', async () => {
    const list = await client(b.url).get<Listed[]>('/api/images');
    expect(list.body).toHaveLength(4);
    for (const image of list.body) {
      const served = await fetchRaw(b, image.imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.data).metadata()).format).toBe('webp');
    }
  });

  it('writes no file under either DATA_DIR', () => {
    expect(uploaded.length).toBeGreaterThan(0);
    for (const server of [a, b]) {
      expect(existsSync(imageDir(server.dataDir))).toBe(false);
      const files = readdirSync(server.dataDir, { recursive: true }).map(String);
      expect(files.filter((file) => uploaded.some((id) => file.includes(id)))).toEqual([]);
    }
  });

  it("the clean-up deletes an orphan's row and bytes; home-page images keep theirs", async () => {
    const orphan = await upload(b, imageForm(pdf('orphan'), 'orphan.pdf', PDF, { kind: 'receipt' }));
    expect(await a.ctx.db.select({ id: imageFiles.id }).from(imageFiles).where(eq(imageFiles.id, orphan._id))).toHaveLength(1);
    a.setNow(new Date(Date.now() + 25 * 3_600_000));
    expect(await purgeOrphanImages(a.ctx)).toContain(orphan._id);
    expect(await a.ctx.db.select({ id: imageFiles.id }).from(imageFiles).where(eq(imageFiles.id, orphan._id))).toEqual([]);
    expect((await fetchRaw(b, orphan.imageUrl, 'owner')).status).toBe(404);
    const marketing = (await a.ctx.db.select({ id: images.id }).from(images).where(eq(images.kind, 'marketing'))).map((row) => row.id);
    const kept = await a.ctx.db.select({ id: imageFiles.id }).from(imageFiles).where(inArray(imageFiles.id, marketing));
    expect(kept).toHaveLength(4);
  });
});
