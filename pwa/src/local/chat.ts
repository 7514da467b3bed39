import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { SendMessageArgsSchema, type Conversation } from '../../../sync/schemas/chat';
import { byLatestActivity, pendingReads, threadItems, type ChatItem } from './chat-thread';
import { db } from './db';
import type { SyncRunner } from './sync-context';
import { queueChatImage } from './uploads';
import { uuidv7 } from './uuid';

/**
 * Sends a message through the outbox with a client-made id: text goes at once, a message with an image
 * once the image has uploaded. A conversation not yet on the device was made here (its id too): the
 * message says `startAs`, and the server creates the conversation with it. Answers the message id; the
 * thread shows it as 'Sending' from now on.
 */
export async function sendChatMessage(runner: SyncRunner, conversationId: string, content: string, image: Blob | null): Promise<string> {
  const _id = uuidv7();
  const startAs = (await db.conversations.get(conversationId)) ? undefined : ('Support' as const);
  if (image) {
    await queueChatImage(image, { _id, conversationId, content, ...(startAs && { startAs }) });
    void runner.requestSync();
  } else {
    await runner.mutate.sendMessage({ _id, conversationId, content, image: null, ...(startAs && { startAs }) });
  }
  return _id;
}

/** A support conversation started on this device whose first message is still waiting to be sent. */
export async function pendingConversation(): Promise<string | undefined> {
  const [outbox, uploads] = await Promise.all([db.outbox.orderBy('mutationId').toArray(), db.uploads.toArray()]);
  const fromOutbox = outbox.filter((r) => r.name === 'sendMessage' && r.state !== 'rejected').map((r) => SendMessageArgsSchema.safeParse(r.args).data);
  const fromUploads = uploads.filter((u) => u.state !== 'rejected').map((u) => (u.intent.name === 'sendMessage' ? u.intent.args : undefined));
  return [...fromOutbox, ...fromUploads].find((args) => args?.startAs === 'Support')?.conversationId;
}

/**
 * The support conversation of this user on the device: the most recent synced one (open or resolved),
 * else one started here whose first message waits to be sent.
 */
export async function knownSupportConversation(me: string): Promise<string | undefined> {
  const mine = (await db.conversations.where('userId').equals(me).toArray()).filter((c) => c.type === 'Support');
  return mine.sort(byLatestActivity)[0]?._id ?? (await pendingConversation());
}

/**
 * Takes a failed message off the device and answers its text and image, for the composer (Retry).
 */
export async function takeBackFailed(runner: SyncRunner, item: ChatItem): Promise<{ content: string; image: Blob | null }> {
  const rows = await db.outbox.toArray();
  const row = rows.find((r) => r.name === 'sendMessage' && SendMessageArgsSchema.safeParse(r.args).data?._id === item._id);
  if (row) await runner.discard(row.mutationId);
  const uploads = await db.uploads.toArray();
  const upload = uploads.find((u) => u.intent.name === 'sendMessage' && u.intent.args._id === item._id);
  if (upload) await db.uploads.delete(upload.hash);
  return { content: item.content, image: upload?.blob ?? item.blob };
}

/** Chat images that have landed and whose message has synced leave the device. */
export async function pruneChatUploads(): Promise<void> {
  const done = (await db.uploads.where('state').equals('done').toArray()).filter((u) => u.intent.name === 'sendMessage');
  const ids = done.map((u) => (u.intent.name === 'sendMessage' ? u.intent.args._id : ''));
  const synced = await db.messages.bulkGet(ids);
  await db.uploads.bulkDelete(done.filter((_u, i) => synced[i] !== undefined).map((u) => u.hash));
}

/** The conversations on this device, latest activity first; a read receipt waiting to go counts as read. */
export function useConversations(): Conversation[] | undefined {
  return useLiveQuery(async () => {
    const [rows, outbox] = await Promise.all([db.conversations.toArray(), db.outbox.toArray()]);
    const read = pendingReads(outbox);
    return rows.map((c) => (read.has(c._id) ? { ...c, unreadCount: 0 } : c)).sort(byLatestActivity);
  }, []);
}

export function useConversation(id: string | null): Conversation | undefined {
  return useLiveQuery(() => (id ? db.conversations.get(id) : undefined), [id]);
}

/** A conversation's messages as the thread shows them, live from the device. */
export function useChatThread(conversationId: string | null, me: string | null): ChatItem[] | undefined {
  return useLiveQuery(async () => {
    if (!conversationId || !me) return [];
    const [synced, outbox, uploads] = await Promise.all([
      db.messages.where('[conversationId+createdAt]').between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey]).toArray(),
      db.outbox.toArray(),
      db.uploads.toArray(),
    ]);
    return threadItems(conversationId, me, synced, outbox, uploads);
  }, [conversationId, me]);
}
