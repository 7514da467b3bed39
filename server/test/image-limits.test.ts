import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setRateLimits } from '../middleware/rate-limits';
import { purgeOrphanImages } from '../services/images/image-cleanup';
import { DAILY_UPLOADS, imagePath } from '../services/images/images';
import { actors, book, traveller, upcomingFlight, uploadedImageUrl, type Actors } from './booking-fixtures';
import { loginGuest, send, startSupport, type Guest } from './chat-fixtures';
import { countRows, expectError, imageForm, makeImage, sqliteOf, writeRaw } from './fixtures';
import { startTestServer, type TestServer } from './harness';

type Uploaded = { imageUrl: string; _id: string };
const HOUR = 3_600_000;

/** A solid PNG, optionally Adam7-interlaced and 16 bits a channel: tiny on the wire, costly to decode whole. */
function png(side: number, options: { interlaced?: boolean; sixteenBit?: boolean } = {}): Promise<Buffer> {
  const image = sharp({ create: { width: side, height: side, channels: 3, background: { r: 10, g: 20, b: 30 } } });
  return (options.sixteenBit ? image.toColourspace('rgb16') : image).png({ progressive: options.interlaced ?? false, compressionLevel: 9 }).toBuffer();
}

describe('what one account or guest can make the image pipeline do', () => {
  let server: TestServer;
  let who: Actors;
  let guest: Guest;
  let conversationId: string;
  let shade = 0;
  /** A chat image the guest may upload: into its own conversation. */
  const chatForm = (data: Buffer, fields: Record<string, string> = {}) =>
    imageForm(data, 'photo.png', 'image/png', { kind: 'chat', conversationId, ...fields });
  const tiny = () => makeImage(20 + (shade += 1), 20);

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'images');
    guest = await loginGuest(server.url);
    conversationId = (await startSupport(guest.api))._id;
  });
  beforeEach(() => {
    server.setNow(new Date());
    setRateLimits(server.ctx, { upload: 1_000, uploadAddress: 1_000 });
  });
  afterAll(() => server.stop());

  it('an interlaced or 16-bit PNG over 4 megapixels is refused from its header; under it, it is decoded and re-encoded', async () => {
    const rows = await countRows(server, 'images');
    const heavy = 'Interlaced and 16-bit PNG images may be at most 4 megapixels';
    const hostile = await png(2100, { interlaced: true, sixteenBit: true });
    expect(await sharp(hostile).metadata()).toMatchObject({ isProgressive: true, depth: 'ushort', width: 2100 });
    expect(hostile.length).toBeLessThan(100_000);
    expectError(await guest.api.post('/api/images', chatForm(hostile)), 400, heavy);
    expectError(await guest.api.post('/api/images', chatForm(await png(2100, { sixteenBit: true }))), 400, heavy);
    expectError(await who.owner.post('/api/images', imageForm(await png(2100, { interlaced: true }), 'r.png', 'image/png', { kind: 'receipt' })), 400, heavy);
    expect(await countRows(server, 'images')).toBe(rows);

    const regular = await guest.api.post<Uploaded>('/api/images', chatForm(await png(2100)));
    expect(regular.status).toBe(201);
    const small = await guest.api.post<Uploaded>('/api/images', chatForm(await png(1900, { interlaced: true, sixteenBit: true })));
    expect(small.status).toBe(201);
    expect(await sharp(imagePath(server.dataDir, small.body._id)).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
  });

  it('a guest uploads only chat images, only into a conversation of its own', async () => {
    const rows = await countRows(server, 'images');
    const onlyChat = 'Guests may only send images in their own chat';
    expectError(await guest.api.post('/api/images', imageForm(await tiny(), 'a.png', 'image/png', { kind: 'chat' })), 403, onlyChat);
    expectError(await guest.api.post('/api/images', imageForm(await tiny(), 'a.png', 'image/png')), 403, onlyChat);
    expectError(await guest.api.post('/api/images', chatForm(await tiny(), { kind: 'avatar' })), 403, onlyChat);
    const stranger = await loginGuest(server.url);
    expectError(await stranger.api.post('/api/images', chatForm(await tiny())), 404, 'Conversation not found');
    expectError(await who.owner.post('/api/images', chatForm(await tiny())), 404, 'Conversation not found');
    expect(await countRows(server, 'images')).toBe(rows);
    expect((await guest.api.post('/api/images', chatForm(await tiny()))).status).toBe(201);
    expect((await who.admin.post('/api/images', chatForm(await tiny()))).status).toBe(201);
  });

  it('a guest stores at most its daily quota of images; the same bytes again still answer, and the next day it may go on', async () => {
    const quota = await loginGuest(server.url);
    const own = (await startSupport(quota.api))._id;
    const form = (data: Buffer) => imageForm(data, 'q.png', 'image/png', { kind: 'chat', conversationId: own });
    const first = await tiny();
    for (let i = 0; i < DAILY_UPLOADS.guest; i += 1) expect((await quota.api.post('/api/images', form(i === 0 ? first : await tiny()))).status).toBe(201);
    expectError(await quota.api.post('/api/images', form(await tiny())), 429, 'You have uploaded the most images allowed in a day. Please try again tomorrow.');
    expect((await quota.api.post('/api/images', form(first))).status).toBe(201);
    server.setNow(new Date(Date.now() + 25 * HOUR));
    expect((await quota.api.post('/api/images', form(await tiny()))).status).toBe(201);
  });

  it('uploads nothing refers to are deleted after a day, with their files; attached ones and home-page images stay', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const photo = await uploadedImageUrl(who.owner, 'avatar');
    const created = await book(who.owner, flight, ['C1', 'C2'], { travellers: [{ ...traveller(1), image: photo }, traveller(2)] });
    const receipt = await uploadedImageUrl(who.owner, 'receipt');
    expect((await who.owner.put(`/api/payments/token/${created.link.split('/').pop() ?? ''}`, { image: receipt })).status).toBe(200);
    const chat = (await guest.api.post<Uploaded>('/api/images', chatForm(await tiny()))).body.imageUrl;
    await send(guest.api, conversationId, '', { image: chat });
    const legacy = (await who.other.post<Uploaded>('/api/images', imageForm(await tiny(), 'l.png', 'image/png', { kind: 'avatar' }))).body;
    await writeRaw(server.ctx, 'update travellers set image = ? where booking_id = ? and position = 2', legacy.imageUrl, created.booking._id);
    const picture = (await who.other.post<Uploaded>('/api/images', imageForm(await tiny(), 'p.png', 'image/png', { kind: 'avatar' }))).body;
    await writeRaw(server.ctx, 'update users set image = ? where id = ?', picture._id, who.otherId);
    const forgotten = (await guest.api.post<Uploaded>('/api/images', chatForm(await tiny()))).body;
    const unusedReceipt = (await who.owner.post<Uploaded>('/api/images', imageForm(await tiny(), 'u.png', 'image/png', { kind: 'receipt' }))).body;

    server.setNow(new Date(Date.now() + 23 * HOUR));
    const recent = (await who.owner.post<Uploaded>('/api/images', imageForm(await tiny(), 'n.png', 'image/png', { kind: 'receipt' }))).body;
    expect(await purgeOrphanImages(server.ctx)).toEqual([]);

    server.setNow(new Date(Date.now() + 25 * HOUR));
    const purged = await purgeOrphanImages(server.ctx);
    expect(purged).toContain(forgotten._id);
    expect(purged).toContain(unusedReceipt._id);
    expect(purged).not.toContain(recent._id);
    for (const kept of [photo, receipt, chat, legacy.imageUrl, `/api/images/${picture._id}`, `/api/images/${recent._id}`]) {
      const id = kept.slice(-32);
      expect(purged, kept).not.toContain(id);
      expect(existsSync(imagePath(server.dataDir, id)), kept).toBe(true);
    }
    for (const id of [forgotten._id, unusedReceipt._id]) {
      expect(existsSync(imagePath(server.dataDir, id))).toBe(false);
      expectError(await guest.api.get(`/api/images/${id}`), 404, 'Image not found');
    }
    const marketing = sqliteOf(server.ctx).prepare("select count(*) as n from images where kind = 'marketing'").get() as { n: number };
    expect(marketing.n).toBe(4);
    expect((await who.owner.get(receipt)).status).toBe(200);
  });
});

describe('uploads from one address', () => {
  it('have their own budget, however many guests the address signs in', async () => {
    const server = await startTestServer();
    try {
      setRateLimits(server.ctx, { uploadAddress: 2 });
      const statuses = [];
      for (const shade of [1, 2, 3]) {
        const guest = await loginGuest(server.url);
        const form = imageForm(await makeImage(20 + shade, 20), 'g.png', 'image/png', { kind: 'chat', conversationId: (await startSupport(guest.api))._id });
        const res = await guest.api.post('/api/images', form);
        statuses.push(res.status);
        if (shade === 3) expectError(res, 429, 'Too many uploads from your network. Please wait 15 minutes and try again.');
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await server.stop();
    }
  });
});
