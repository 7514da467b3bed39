import { backoffMs } from '../../../sync/client/outbox';
import type { MutationCall } from '../../../sync/protocol';
import { tokenUserId } from '../lib/auth-token';
import { db, type UploadIntent, type UploadRow } from './db';
import { downscale, prepareReceiptFile, sha256 } from './image-prep';
import type { DexieStore } from './dexie-store';
import { syncToken } from './token';

type Sent = { imageUrl: string };

/** An upload the server refused for good (a 4xx other than auth, timeout or rate limit): retrying cannot help. */
class RefusedUpload extends Error {}

const imageKind = (intent: UploadIntent) => (intent.name === 'sendMessage' ? 'chat' : 'receipt');
const refusedForGood = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

function uploadForm(row: UploadRow): FormData {
  const form = new FormData();
  form.append('kind', imageKind(row.intent));
  // A chat image names its conversation: guests may only upload into their own.
  if (row.intent.name === 'sendMessage') form.append('conversationId', row.intent.args.conversationId);
  form.append('image', row.blob, row.fileName);
  return form;
}

/** The uploaded image's URL from a response, or the error to throw (a refusal for good, or one to retry). */
function answer(status: number, text: string): Sent | Error {
  let body: unknown;
  try {
    body = JSON.parse(text || '{}');
  } catch {
    body = undefined; // a proxy's HTML error page
  }
  if (status >= 200 && status < 300 && body && typeof body === 'object' && 'imageUrl' in body && typeof body.imageUrl === 'string')
    return { imageUrl: body.imageUrl };
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : 'the file was not accepted';
  return refusedForGood(status) ? new RefusedUpload(message) : new Error(message);
}

/** The service worker has no XMLHttpRequest: the same POST with fetch, without progress (no one watches it). */
async function sendWithFetch(row: UploadRow, token: string | null): Promise<Sent> {
  let res: Response;
  try {
    res = await fetch('/api/images', { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: uploadForm(row) });
  } catch {
    throw new Error('Network unavailable');
  }
  const result = answer(res.status, await res.text().catch(() => ''));
  if (result instanceof Error) throw result;
  return result;
}

/** POSTs one image with progress; XHR because fetch has no upload progress. */
function send(row: UploadRow, token: string | null, onProgress: (fraction: number) => void): Promise<Sent> {
  if (typeof XMLHttpRequest === 'undefined') return sendWithFetch(row, token);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const result = answer(xhr.status, xhr.responseText);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    xhr.onerror = () => reject(new Error('Network unavailable'));
    xhr.send(uploadForm(row));
  });
}

/** A receipt ready to queue: a downscaled image or a PDF as it is, hashed; the caller puts it in the upload queue. */
export async function prepareReceipt(file: File, paymentId: string): Promise<UploadRow> {
  const { blob, fileName } = await prepareReceiptFile(file);
  const hash = await sha256(blob);
  return {
    hash,
    blob,
    fileName,
    state: 'queued',
    progress: 0,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    intent: { name: 'attachReceipt', args: { paymentId } },
    imageUrl: null,
    createdAt: Date.now(),
    account: tokenUserId(syncToken()),
  };
}

/** Queues a chat image for a message; the message is sent once the image has landed. */
export async function queueChatImage(file: Blob, message: Extract<UploadIntent, { name: 'sendMessage' }>['args']): Promise<UploadRow> {
  const blob = await downscale(file);
  const row: UploadRow = {
    hash: `${await sha256(blob)}:${message._id}`,
    blob,
    fileName: 'chat.jpg',
    state: 'queued',
    progress: 0,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    intent: { name: 'sendMessage', args: message },
    imageUrl: null,
    createdAt: Date.now(),
    account: tokenUserId(syncToken()),
  };
  await db.uploads.put(row);
  return row;
}

/**
 * Sends the waiting uploads of the account the device belongs to, one by one, with that account's
 * token. When one lands, its mutation is enqueued in the same transaction that marks it done, so the
 * receipt is attached exactly once.
 */
/** The mutation an upload unlocks, with the uploaded image's URL. */
function landed(intent: UploadIntent, image: string): MutationCall {
  return intent.name === 'sendMessage' ? { name: 'sendMessage', args: { ...intent.args, image } } : { name: 'attachReceipt', args: { ...intent.args, image } };
}

export async function drainUploads(store: DexieStore, token: () => string | null): Promise<void> {
  const now = Date.now();
  const { userId } = await store.owner();
  const waiting = (await db.uploads.where('state').anyOf('queued', 'failed', 'uploading').toArray()).filter(
    (u) => u.account === userId && u.nextAttemptAt <= now,
  );
  for (const row of waiting) {
    const bearer = token();
    // Signed out meanwhile: the rest waits for the next sign-in.
    if (!bearer) return;
    await db.uploads.update(row.hash, { state: 'uploading', progress: 0 });
    try {
      const { imageUrl } = await send(row, bearer, (progress) => void db.uploads.update(row.hash, { progress }));
      await db.transaction('rw', db.uploads, db.outbox, db.meta, async () => {
        if ((await store.owner()).userId !== row.account) throw new Error('Another account signed in');
        await store.enqueue(landed(row.intent, imageUrl), Date.now());
        await db.uploads.update(row.hash, { state: 'done', progress: 1, imageUrl });
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      await db.uploads.update(row.hash, {
        state: error instanceof RefusedUpload ? 'rejected' : 'failed',
        attempts,
        // NOTE: only a refusal keeps its reason (the server's words); a failed send's error text is never shown.
        lastError: error instanceof RefusedUpload ? error.message : null,
        nextAttemptAt: Date.now() + backoffMs(attempts, Math.random),
      });
    }
  }
}
