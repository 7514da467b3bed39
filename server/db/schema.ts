import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { TITLES, TRAVEL_CLASSES } from '../../sync/constants';
import type { ErrorCode } from '../../sync/error-codes';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../sync/schemas/audit';

/** Every row the PWA syncs carries the global sync version of its last change. */
const version = () => integer('version').notNull().default(0);
const createdAt = () => text('created_at').notNull();
const updatedAt = () => text('updated_at').notNull();

/** E-mails are stored lower-cased; the unique index on lower(email) also refuses a copy in other case. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin', 'guest'] })
      .notNull()
      .default('user'),
    mobile: text('mobile'),
    nationality: text('nationality'),
    dob: text('dob'),
    gender: text('gender', { enum: ['male', 'female', 'others'] }),
    address: text('address'),
    image: text('image'),
    whatsApp: text('whats_app'),
    tokenVersion: integer('token_version').notNull().default(0),
    /** When the owner followed a link mailed to `email`; null until then, and again after a new address. */
    emailVerifiedAt: text('email_verified_at'),
    /** Set by an admin: the account cannot sign in and its tokens no longer hold; null while active. */
    disabledAt: text('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    /** A pull reads what changed since its cursor: without it, every account on every pull. */
    index('users_version').on(t.version),
  ],
);

export const loginFailures = sqliteTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  firstAt: integer('first_at').notNull(),
  lockedUntil: integer('locked_until'),
});

export const airports = sqliteTable('airports', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  timeZone: text('time_zone').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const flights = sqliteTable(
  'flights',
  {
    id: text('id').primaryKey(),
    flightNumber: text('flight_number').notNull(),
    originId: text('origin_id')
      .notNull()
      .references(() => airports.id),
    destinationId: text('destination_id')
      .notNull()
      .references(() => airports.id),
    departureTime: text('departure_time').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    /** The calendar date of departure at the origin airport, for search by local date. */
    departureLocalDate: text('departure_local_date').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: ['scheduled', 'delayed', 'cancelled', 'departed'] })
      .notNull()
      .default('scheduled'),
    /** Set by admins once known; boarding passes say "Gate shown at the airport" until then. */
    gate: text('gate'),
    boardingTime: text('boarding_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('flights_number_date').on(t.flightNumber, t.departureLocalDate),
    index('flights_route_date').on(t.originId, t.destinationId, t.departureLocalDate),
    index('flights_date').on(t.departureLocalDate),
    index('flights_departure').on(t.departureTime),
    /** The sweep's flights that have left without being marked so: scheduled or delayed ones before now, not every past flight. */
    index('flights_status_departure').on(t.status, t.departureTime),
    index('flights_version').on(t.version),
  ],
);

/**
 * Every change of a flight's times, with the times it had before: a booking made before a change shows
 * the times it was booked on next to the new ones (product rules §6.8).
 */
export const flightChanges = sqliteTable(
  'flight_changes',
  {
    id: text('id').primaryKey(),
    flightId: text('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    departureTime: text('departure_time').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    changedAt: text('changed_at').notNull(),
  },
  (t) => [index('flight_changes_flight').on(t.flightId, t.changedAt)],
);

export const bookings = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    flightId: text('flight_id')
      .notNull()
      .references(() => flights.id),
    returnFlightId: text('return_flight_id').references(() => flights.id),
    travelClass: text('travel_class', { enum: TRAVEL_CLASSES }).notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'completed'] })
      .notNull()
      .default('pending'),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    totalCents: integer('total_cents').notNull(),
    refundDueCents: integer('refund_due_cents'),
    refundPaidAt: text('refund_paid_at'),
    cancelReason: text('cancel_reason'),
    checkedInAt: text('checked_in_at'),
    /** When the owner's devices were told check-in opened (the sweeper tells each booking once). */
    checkInNoticeAt: text('check_in_notice_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('bookings_user').on(t.userId),
    /** The admins' list, newest first, a page at a time: without it each page sorted every booking ever made. */
    index('bookings_created').on(t.createdAt),
    /** An admin device's working set: the bookings changed in its last days (sync/working-set.ts). */
    index('bookings_updated').on(t.updatedAt),
    index('bookings_version').on(t.version),
    index('bookings_flight').on(t.flightId),
    /** The bookings whose return leg changed, for an admin's later pulls: most bookings have none. */
    index('bookings_return_flight')
      .on(t.returnFlightId)
      .where(sql`return_flight_id is not null`),
    /** The sweep's paid bookings, whose last flight may have left: not every booking ever made. */
    index('bookings_confirmed')
      .on(t.id)
      .where(sql`status = 'confirmed'`),
  ],
);

export const travellers = sqliteTable(
  'travellers',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title', { enum: TITLES }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dob: text('dob').notNull(),
    nationality: text('nationality').notNull(),
    passportNumber: text('passport_number').notNull(),
    passportCountry: text('passport_country').notNull(),
    passportExpiry: text('passport_expiry').notNull(),
    image: text('image'),
  },
  (t) => [index('travellers_booking').on(t.bookingId)],
);

/** A seat held or sold on a flight. The partial unique index is what makes a double sale impossible. */
export const seatAllocations = sqliteTable(
  'seat_allocations',
  {
    id: text('id').primaryKey(),
    flightId: text('flight_id')
      .notNull()
      .references(() => flights.id),
    seatLabel: text('seat_label').notNull(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    travellerId: text('traveller_id'),
    state: text('state', { enum: ['held', 'sold', 'released'] }).notNull(),
    holdExpiresAt: text('hold_expires_at'),
    /** The signed boarding pass of this traveller on this flight, issued at check-in (services/booking/boarding-passes.ts). */
    boardingCode: text('boarding_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seat_allocations_active')
      .on(t.flightId, t.seatLabel)
      .where(sql`state in ('held', 'sold')`),
    index('seat_allocations_booking').on(t.bookingId),
    index('seat_allocations_flight_state').on(t.flightId, t.state),
    /** The sweep's lapsed holds: a sold or released seat has none, so this holds the live holds only. */
    index('seat_allocations_hold_expiry').on(t.holdExpiresAt),
    uniqueIndex('seat_allocations_boarding_code').on(t.boardingCode),
  ],
);

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull().unique(),
    accessKey: text('access_key').notNull().unique(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    method: text('method', { enum: ['bank_transfer', 'crypto', 'cashApp'] }).notNull(),
    status: text('status', { enum: ['pending', 'successful', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    receiptImageId: text('receipt_image_id'),
    awaitingReviewAt: text('awaiting_review_at'),
    deadlineAt: text('deadline_at').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: text('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('payments_user').on(t.userId),
    index('payments_booking').on(t.bookingId),
    /** The review queue, newest first, a page at a time. */
    index('payments_created').on(t.createdAt),
    /** An admin device's working set: the payments changed in its last days, and the few awaiting review. */
    index('payments_updated').on(t.updatedAt),
    index('payments_version').on(t.version),
    index('payments_awaiting')
      .on(t.awaitingReviewAt)
      .where(sql`status = 'pending' and awaiting_review_at is not null`),
  ],
);

export const settings = sqliteTable('settings', {
  id: integer('id').primaryKey(),
  data: text('data', { mode: 'json' }).notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

export const images = sqliteTable('images', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id'),
  kind: text('kind', { enum: ['marketing', 'receipt', 'chat', 'avatar'] }).notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  sha256: text('sha256').notNull(),
  title: text('title'),
  createdAt: createdAt(),
});

/** An image's bytes on PostgreSQL; on SQLite they are files under DATA_DIR/images (services/images/image-store.ts). */
export const imageFiles = sqliteTable('image_files', {
  id: text('id')
    .primaryKey()
    .references(() => images.id, { onDelete: 'cascade' }),
  data: blob('data', { mode: 'buffer' }).notNull(),
});

export const conversations = sqliteTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['Support', 'Chat'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    lastMessageAt: text('last_message_at'),
    lastGuestMailAt: text('last_guest_mail_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('conversations_user').on(t.userId),
    index('conversations_version').on(t.version),
    // The back office's list: a type's conversations, latest activity first.
    index('conversations_listed').on(t.type, t.lastMessageAt, t.createdAt),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    imageId: text('image_id'),
    type: text('type', { enum: ['Support', 'Chat'] }).notNull(),
    readAt: text('read_at'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [index('messages_conversation').on(t.conversationId, t.createdAt), index('messages_version').on(t.version)],
);

/**
 * Who changed what, when, from, to and why. `label` and `actor_name` are written with the row, as the
 * object and the actor read then, so a deleted flight or a renamed account still reads well.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    label: text('label').notNull().default(''),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entity').on(t.entity, t.entityId),
    index('audit_actor').on(t.actorId),
    index('audit_action').on(t.action),
    index('audit_created').on(t.createdAt),
  ],
);

export const mailOutbox = sqliteTable('mail_outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: text('sent_at'),
});

/** One row: on SQLite the global sync version every write bumps; on PostgreSQL the offset added to transaction ids (db/version.ts). */
export const syncState = sqliteTable('sync_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

export const tombstones = sqliteTable(
  'tombstones',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    version: integer('version').notNull(),
    deletedAt: text('deleted_at').notNull(),
  },
  (t) => [index('tombstones_version').on(t.version)],
);

/** A device's sync identity: whose it is and the last mutation it had applied. */
export const syncClients = sqliteTable('sync_clients', {
  clientId: text('client_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  lastMutationId: integer('last_mutation_id').notNull().default(0),
  /**
   * On PostgreSQL the id of the transaction that last moved `lastMutationId` (db/version.ts): a pull settles
   * the client's mutations only once its watermark has passed it. Always 0 on SQLite, whose writes are serial.
   */
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Rejected mutations and why, kept so a client that lost the push answer still learns the reason. */
export const mutationResults = sqliteTable(
  'mutation_results',
  {
    clientId: text('client_id').notNull(),
    mutationId: integer('mutation_id').notNull(),
    /** Why it was refused: a code of sync/error-codes.ts. */
    code: text('code').$type<ErrorCode>().notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

/** Messages from the contact page; the operator is mailed a copy. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created').on(t.createdAt)],
);

/** Password reset links: only the SHA-256 of the token is kept, so a copy of the database opens no account. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to: a link sent before the account's e-mail changed resets nothing. */
    email: text('email').notNull().default(''),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user').on(t.userId)],
);

/**
 * E-mail verification links, one live per account: only the SHA-256 of the token is kept, and the address
 * it was sent to, so a link mailed to an earlier address verifies nothing after the address changed.
 */
export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user').on(t.userId)],
);

/**
 * The transactional outbox: the effects (mails, pokes, socket events) a change wants, written in the
 * change's own transaction and sent after it commits (server/outbox/, docs/decisions/009). A row is
 * claimed by one dispatcher until `claimed_until`; an unfinished claim past that is taken again.
 */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The effect as JSON, parsed by server/outbox/effects.ts before it is sent. */
    effect: text('effect').notNull(),
    /** The effect's type (mail, poke, conversation, push): the metrics count what waits by kind without reading the JSON. */
    kind: text('kind').notNull().default(''),
    createdAt: createdAt(),
    /** Not sent before this instant (the back-off after a failure). */
    dueAt: text('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedUntil: text('claimed_until'),
    doneAt: text('done_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('events_pending').on(t.doneAt, t.dueAt),
    // Only the events still to send: the metrics' depth and oldest age per kind read this index alone (done_at in it too, so SQLite needs no row).
    index('events_waiting')
      .on(t.kind, t.createdAt, t.doneAt)
      .where(sql`done_at is null`),
  ],
);

/** The browsers a user turned notifications on in (Web Push, RFC 8030): where to send, and the keys to encrypt for. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Sends in a row that failed (not 404/410): a subscription that keeps failing is dropped. */
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/**
 * The VAPID key pair, generated once when the environment gives none: kept with the subscriptions made
 * for its public key, so a restore or a second process on the same database signs with the same pair.
 */
export const pushKeys = sqliteTable('push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
