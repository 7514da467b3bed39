import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { immediate, type Db, type Tx } from '../db/client';
import { conversations, imageFiles, images, messages } from '../db/schema';
import { imageDir, imagePath } from '../services/images/image-store';
import { insertMany } from './volume-flights';

const DAY_MS = 86_400_000;
const MIME = 'image/webp';

/** A receipt the history's payer uploaded: its image id, whose it is and when. */
export type Receipt = { id: string; ownerId: string; createdAt: string };

/**
 * Where the history's receipts keep their bytes, as the app keeps uploads: one small picture, hard-linked
 * under each receipt's name in DATA_DIR/images on SQLite (no disk per receipt), a row of image_files on
 * PostgreSQL.
 */
export type ReceiptStore = {
  image: { width: number; height: number; bytes: number; sha256: string };
  /** Before the rows: the files (a failed batch leaves files no row names, never a row without its file). */
  before: (receipts: Receipt[]) => Promise<void>;
  /** With the rows, in their transaction. */
  within: (tx: Tx, receipts: Receipt[]) => Promise<void>;
};

async function receiptPicture(): Promise<{ data: Buffer; image: ReceiptStore['image'] }> {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f4f1ea' } })
    .webp()
    .toBuffer();
  return { data, image: { width: 40, height: 30, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') } };
}

export async function receiptStore(engine: 'sqlite' | 'postgres', dataDir: string): Promise<ReceiptStore> {
  const { data, image } = await receiptPicture();
  if (engine === 'postgres')
    return {
      image,
      before: () => Promise.resolve(),
      within: (tx, receipts) =>
        insertMany(
          tx,
          imageFiles,
          receipts.map((r) => ({ id: r.id, data })),
        ),
    };
  const original = imagePath(dataDir, `volume-receipt-${image.sha256.slice(0, 12)}`, MIME);
  await mkdir(imageDir(dataDir), { recursive: true });
  await writeFile(original, data);
  return {
    image,
    before: async (receipts) => {
      for (const receipt of receipts) await link(original, imagePath(dataDir, receipt.id, MIME));
    },
    within: () => Promise.resolve(),
  };
}

export async function insertReceipts(tx: Tx, store: ReceiptStore, receipts: Receipt[]): Promise<void> {
  await insertMany(
    tx,
    images,
    receipts.map((r) => ({ ...r, ...store.image, kind: 'receipt' as const, mime: MIME })),
  );
  await store.within(tx, receipts);
}

const QUESTIONS = ['Can I bring a surfboard?', 'How do I change my seat?', 'My receipt upload failed, what now?', 'Is there Wi-Fi on board?'];
const ANSWERS = [
  'Yes, as special baggage for $50.',
  'Open your booking and choose Change seat.',
  'Please try again from your booking page.',
  'Not yet on this route.',
];

type ChatWorld = {
  people: { id: string }[];
  admin: { id: string };
  now: number;
  count: number;
  version: number;
  random: () => number;
};

/** Support conversations over the year: a question and answers each; open when the last word is a week old or newer. */
export async function addConversations(db: Db, world: ChatWorld): Promise<{ conversations: number; messages: number }> {
  const rows: (typeof conversations.$inferInsert)[] = [];
  const lines: (typeof messages.$inferInsert)[] = [];
  for (let i = 0; i < world.count; i++) {
    const person = world.people[Math.floor(world.random() * world.people.length)];
    if (!person) continue;
    const id = randomUUID();
    const started = world.now - (1 + world.random() * 364) * DAY_MS;
    const length = 2 + Math.floor(world.random() * 3);
    const topic = Math.floor(world.random() * QUESTIONS.length);
    let at = started;
    for (let n = 0; n < length; n++) {
      at += (5 + world.random() * 120) * 60_000;
      const fromTraveller = n % 2 === 0;
      lines.push({
        id: randomUUID(),
        conversationId: id,
        senderId: fromTraveller ? person.id : world.admin.id,
        content: (fromTraveller ? QUESTIONS : ANSWERS)[topic] ?? '',
        type: 'Support',
        readAt: new Date(at + 60_000).toISOString(),
        createdAt: new Date(at).toISOString(),
        version: world.version,
      });
    }
    const last = new Date(at).toISOString();
    rows.push({
      id,
      type: 'Support',
      userId: person.id,
      status: world.now - at < 7 * DAY_MS ? 'open' : 'resolved',
      lastMessageAt: last,
      createdAt: new Date(started).toISOString(),
      updatedAt: last,
      version: world.version,
    });
  }
  await immediate(db, async (tx) => {
    await insertMany(tx, conversations, rows);
    await insertMany(tx, messages, lines);
  });
  return { conversations: rows.length, messages: lines.length };
}
