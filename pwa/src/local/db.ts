import Dexie, { type EntityTable } from 'dexie';
import type { AccountQueue } from '../../../sync/client/accounts';
import type { OutboxRow, SyncMeta } from '../../../sync/client/types';
import type { SyncPayment } from '../../../sync/protocol';
import type { Airport } from '../../../sync/schemas/airport';
import type { Booking } from '../../../sync/schemas/booking';
import type { Conversation, ConversationType, Message } from '../../../sync/schemas/chat';
import type { Flight } from '../../../sync/schemas/flight';
import type { AdminSettings, PublicSettings } from '../../../sync/schemas/settings';
import type { User } from '../../../sync/schemas/user';

export type StoredMeta = SyncMeta & { key: 'sync'; userId: string | null };
/** A booking or payment an admin opened from the server's history: kept on the device for offline use. */
export type OpenedRow = { _id: string; table: 'bookings' | 'payments'; at: number };
export type StoredSettings = (PublicSettings | AdminSettings) & { _id: 'settings' };

/** What an upload unlocks once it lands: the mutation, with the uploaded image's URL added to its args. */
export type UploadIntent =
  | { name: 'attachReceipt'; args: { paymentId: string } }
  | { name: 'sendMessage'; args: { _id: string; conversationId: string; content: string; startAs?: ConversationType } };

/**
 * A receipt or chat image waiting to upload; the mutation it unlocks is written when it lands.
 * NOTE: `hash` is the key: the image's SHA-256 for a receipt (one per payment), and SHA-256 plus the
 * message id for a chat image, so the same photo sent twice is two messages. 'rejected' is final (the
 * server refused the file); 'failed' retries.
 */
export type UploadRow = {
  hash: string;
  blob: Blob;
  fileName: string;
  state: 'queued' | 'uploading' | 'failed' | 'rejected' | 'done';
  progress: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  intent: UploadIntent;
  imageUrl: string | null;
  createdAt: number;
  /** The user (or support guest) who queued it; only that account's session uploads it. */
  account: string | null;
};

/**
 * The device's copy of what this user may see, plus the outbox and the upload queue.
 * `outbox` is the queue of the account the device belongs to now (`meta.userId`); `parked` keeps the
 * queues of accounts that signed out with changes unsent, one row per account, until they sign in again.
 * NOTE: schema changes add a new version() with an upgrade; the outbox and uploads are never dropped.
 */
export class SkywayDb extends Dexie {
  airports!: EntityTable<Airport, '_id'>;
  flights!: EntityTable<Flight, '_id'>;
  bookings!: EntityTable<Booking, '_id'>;
  payments!: EntityTable<SyncPayment, '_id'>;
  settings!: EntityTable<StoredSettings, '_id'>;
  profile!: EntityTable<User, '_id'>;
  conversations!: EntityTable<Conversation, '_id'>;
  messages!: EntityTable<Message, '_id'>;
  outbox!: EntityTable<OutboxRow, 'mutationId'>;
  uploads!: EntityTable<UploadRow, 'hash'>;
  parked!: EntityTable<AccountQueue, 'account'>;
  meta!: EntityTable<StoredMeta, 'key'>;
  opened!: EntityTable<OpenedRow, '_id'>;

  constructor(name = 'skyway') {
    super(name);
    this.version(1).stores({
      airports: '_id, code',
      flights: '_id, departureTime',
      bookings: '_id, bookingId, status, createdAt',
      payments: '_id, bookingId, transactionId, createdAt',
      settings: '_id',
      profile: '_id',
      outbox: 'mutationId, state',
      uploads: 'hash, state',
      meta: 'key',
    });
    // Version 2 adds the support chat; every version-1 table (the outbox and uploads included) is kept.
    this.version(2).stores({
      conversations: '_id, userId',
      messages: '_id, conversationId, [conversationId+createdAt]',
    });
    // Version 3: queued work belongs to its account. Uploads are tagged with the device's account.
    this.version(3)
      .stores({ uploads: 'hash, state, account', parked: 'account' })
      .upgrade(async (tx) => {
        const meta = (await tx.table('meta').get('sync')) as StoredMeta | undefined;
        await tx
          .table('uploads')
          .toCollection()
          .modify({ account: meta?.userId ?? null });
      });
    // Version 4 indexes the flights a booking uses, so pruning flights reads keys, not every booking.
    this.version(4).stores({ bookings: '_id, bookingId, status, createdAt, flightId._id, returnFlightId._id' });
    // Version 5: an admin's device holds a working set, found by when rows changed, and the records opened from the history.
    this.version(5).stores({
      bookings: '_id, bookingId, status, createdAt, updatedAt, flightId._id, returnFlightId._id',
      payments: '_id, bookingId, transactionId, createdAt, updatedAt',
      opened: '_id, at',
    });
  }
}

export const db = new SkywayDb();
