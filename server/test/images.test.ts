import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectErrorShape, imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';

type Uploaded = { message: string; imageUrl: string; _id: string };
type Listed = { _id: string; imageUrl: string; title: string | null; width: number; height: number };

describe('images: upload, re-encode, access', () => {
  let server: TestServer;
  let adminToken: string;
  let owner: { token: string; id: string };
  let stranger: { token: string; id: string };
  const files = () => readdirSync(path.join(server.dataDir, 'images')).length;
  const fetchImage = async (url: string, token?: string) => {
    const res = await fetch(`${server.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
  };
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    owner = await makeAccount(server, { email: 'owner@example.test', fullName: 'Test User', confirmed: false });
    stranger = await makeAccount(server, { email: 'stranger@example.test', fullName: 'Test User', confirmed: false });
  });
  afterAll(() => server.stop());

  it('lists the marketing images publicly, and each is served to anyone as WebP', async () => {
    const list = await client(server.url).get<Listed[]>('/api/images');
    expect(list.status).toBe(200);
    expect(list.body.map((i) => i.title).sort()).toEqual(['Hong Kong', 'Maldives', 'Switzerland', 'Thailand']);
    for (const image of list.body) {
      const res = await fetchImage(image.imageUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('public');
      expect((await sharp(res.data).metadata()).format).toBe('webp');
    }
  });

  it('downscales a large PNG to at most 1024 px a side, as WebP, keeping the aspect ratio', async () => {
    const res = await client(server.url, owner.token).post<Uploaded>('/api/images', imageForm(await makeImage(2000, 1500), 'big.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Image uploaded');
    expect(res.body.imageUrl).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
    const image = await fetchImage(res.body.imageUrl, owner.token);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(image.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });
  });

  it('re-encodes a JPEG, strips its metadata and never enlarges a small image', async () => {
    const jpeg = await sharp(await makeImage(300, 2400, 'jpeg'))
      .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'GPS here' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const tall = await client(server.url, owner.token).post<Uploaded>('/api/images', imageForm(jpeg, 'photo.jpg', 'image/jpeg'));
    const meta = await sharp((await fetchImage(tall.body.imageUrl, owner.token)).data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 128, height: 1024 });
    expect(meta.exif).toBeUndefined();
    const small = await client(server.url, owner.token).post<Uploaded>('/api/images', imageForm(await makeImage(40, 30, 'webp'), 'x.webp', 'image/webp'));
    expect(await sharp((await fetchImage(small.body.imageUrl, owner.token)).data).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('checks the real format by its bytes and writes nothing for a refused upload', async () => {
    const api = client(server.url, owner.token);
    const [rows, stored] = [await countRows(server, 'images'), files()];
    const notImage = 'Receipts must be a JPEG, PNG or WebP image or a PDF, up to 10 MB';
    expectError(await api.post('/api/images', imageForm('hello, I am a text file', 'evil.png', 'image/png')), 400, notImage);
    expectError(await api.post('/api/images', imageForm(await makeImage(20, 20, 'gif'), 'anim.png', 'image/png')), 400, notImage);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expectError(await api.post('/api/images', imageForm(svg, 'logo.png', 'image/png')), 400, notImage);
    expectError(
      await api.post('/api/images', imageForm(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(64)]), 'broken.png', 'image/png')),
      400,
      notImage,
    );
    const huge = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expectError(await api.post('/api/images', imageForm(huge, 'huge.png', 'image/png')), 400, 'The image is larger than 16 megapixels');
    expectError(
      await client(server.url, adminToken).post('/api/images', imageForm(huge, 'huge.png', 'image/png', { kind: 'marketing' })),
      400,
      'The image is larger than 40 megapixels',
    );
    expectError(
      await api.post('/api/images', imageForm(randomBytes(10 * 1024 * 1024 + 1), 'big.jpg', 'image/jpeg')),
      413,
      `The file is larger than 10 MB. ${notImage}`,
    );
    const body = expectError(await api.post('/api/images', new FormData()), 400, 'No image found');
    expect(body.errors).toEqual([{ msg: 'No image found', path: 'image' }]);
    expectError(await api.post('/api/images', imageForm(await makeImage(8, 8), 'a.png', 'image/png', {}, 'file')), 400, 'Unexpected upload form');
    expectErrorShape(await api.post('/api/images', imageForm(await makeImage(8, 8), 'a.png', 'image/png', { kind: 'passport' })), 400);
    expect([await countRows(server, 'images'), files()]).toEqual([rows, stored]);
  });

  it('needs a signed-in caller to upload; only admins upload marketing images', async () => {
    const png = await makeImage(16, 16);
    const rows = await countRows(server, 'images');
    expectError(await client(server.url).post('/api/images', imageForm(png, 'a.png', 'image/png')), 401, 'Please sign in to continue');
    expectError(await client(server.url, 'bogus').post('/api/images', imageForm(png, 'a.png', 'image/png')), 401, 'Please sign in to continue');
    expectError(
      await client(server.url, owner.token).post('/api/images', imageForm(png, 'a.png', 'image/png', { kind: 'marketing' })),
      403,
      'Only admins upload marketing images',
    );
    expect(await countRows(server, 'images')).toBe(rows);
    const res = await client(server.url, adminToken).post<Uploaded>(
      '/api/images',
      imageForm(png, 'promo.png', 'image/png', { kind: 'marketing', title: 'Promo' }),
    );
    expect(res.status).toBe(201);
    expect((await client(server.url).get<Listed[]>('/api/images')).body.map((i) => i._id)).toContain(res.body._id);
    expect((await fetchImage(res.body.imageUrl)).status).toBe(200);
  });

  it('serves a receipt only to its owner and admins; anonymous 401, other users 404, never the bytes', async () => {
    const res = await client(server.url, owner.token).post<Uploaded>(
      '/api/images',
      imageForm(await makeImage(64, 64, 'jpeg'), 'receipt.jpg', 'image/jpeg', { kind: 'receipt' }),
    );
    expect(res.status).toBe(201);
    expect((await client(server.url).get<Listed[]>('/api/images')).body.map((i) => i._id)).not.toContain(res.body._id);
    const mine = await fetchImage(res.body.imageUrl, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetchImage(res.body.imageUrl, adminToken)).status).toBe(200);
    expectError(await client(server.url).get(res.body.imageUrl), 401, 'Please sign in to continue');
    expectError(await client(server.url, stranger.token).get(res.body.imageUrl), 404, 'Image not found');
    expectError(await client(server.url, owner.token).get(`/api/images/${'0'.repeat(32)}`), 404, 'Image not found');
    expectError(await client(server.url, owner.token).get('/api/images/..%2F..%2Fairline.sqlite'), 400, 'Image not found');
  });

  it('answers the stored image when the same bytes are uploaded again by the same owner, so a retried upload is harmless', async () => {
    const bytes = await makeImage(300, 200);
    const first = await client(server.url, owner.token).post<Uploaded>('/api/images', imageForm(bytes, 'r.png', 'image/png'));
    const before = files();
    const again = await client(server.url, owner.token).post<Uploaded>('/api/images', imageForm(bytes, 'r.png', 'image/png'));
    expect(again.body.imageUrl).toBe(first.body.imageUrl);
    expect(files()).toBe(before);
    const other = await client(server.url, stranger.token).post<Uploaded>('/api/images', imageForm(bytes, 'r.png', 'image/png'));
    expect(other.body.imageUrl).not.toBe(first.body.imageUrl);
  });
});
