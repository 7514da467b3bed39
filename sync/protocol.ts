import { z } from 'zod';
import { PAYMENT_STATUSES } from './constants';
import { AirportSchema } from './schemas/airport';
import { BookingSchema } from './schemas/booking';
import { ConversationSchema, MessageSchema, SendMessageArgsSchema } from './schemas/chat';
import { ErrorCodeSchema } from './schemas/common';
import { FlightSchema } from './schemas/flight';
import { PaymentSchema } from './schemas/payment';
import { AdminSettingsSchema, PublicSettingsSchema } from './schemas/settings';
import { ProfileUpdateSchema, UserSchema } from './schemas/user';

/**
 * Bumped whenever the shape of synced rows, cursors or mutations changes; a mismatch resets the client.
 * 3: pulls come in pages (cursors carry the position inside a page sequence, answers the ranges they cover).
 * 4: payments carry `linkHash` (the payment link found offline).
 * 5: payments carry `reviewDeadlineAt` (the booking's page shows until when an admin has to decide).
 * 6: conversations carry the traveller's e-mail for admins; empty conversations are no longer synced; bookings
 *    carry `boardingPasses`, flights `gate` and `boardingTime`.
 * 7: a booking's flights carry `bookedTimes` (the times it was booked on, once the airline changed them), and
 *    the flight window is 14 days (docs/decisions/012); the reset drops the days beyond it and keeps cursor
 *    ages right, which are counted back from the window's end.
 * 8: the own rows come in pages too (payments, bookings, conversations, messages), so a page position names
 *    any of those tables; an app of an earlier schema gets the first page of its own rows, as schema 2 did.
 */
export const SYNC_SCHEMA_VERSION = 8;
/** At most this many rows of the paged tables (own rows and catalogue) in one pull answer. */
export const SYNC_PAGE_ROWS = 500;

/** The tables every user shares; the others hold the user's own rows (all of them for admins). */
export const CATALOGUE_TABLES = ['airports', 'flights'] as const;
export type CatalogueTable = (typeof CATALOGUE_TABLES)[number];

/**
 * The tables a page sequence walks, in this order, each in id order: the own rows first (so a new device
 * shows the user's bookings before the catalogue arrives; a traveller's own rows fit one page), payments
 * before bookings (an admin's device lists the review queue first), then the catalogue.
 */
export const PAGED_TABLES = ['payments', 'bookings', 'conversations', 'messages', ...CATALOGUE_TABLES] as const;
export type PagedTable = (typeof PAGED_TABLES)[number];

/**
 * Where a page sequence stands: rows are sent since `since` (and flights that entered the window after
 * `previousEnd`; null in a reset, which sends every row), `lastMutationId` came with the first page, and
 * the next page starts after the id `after` of `table`.
 */
export type PagePosition = { since: number; previousEnd: string | null; lastMutationId: number; table: PagedTable; after: string };

/**
 * A cursor names the server version the client has, the last day of its flight window, and the
 * server's record of the client it was issued to: a server whose data was wiped (or restored from
 * before the client existed) knows the cursor is not from its history. Cursors without it are reset.
 * It also names the schema its rows were sent in: after an upgrade of both server and app, the rows a
 * device kept from the old shape are replaced. A cursor without it is from schema 1. Inside a page
 * sequence it ends with the position (`:p` since . previous end or r . last mutation id . table . after).
 */
export const CursorSchema = z
  .string()
  .regex(
    new RegExp(`^\\d+:\\d{4}-\\d{2}-\\d{2}(:[0-9a-z]+)?(:v\\d+)?(:p\\d+\\.(\\d{4}-\\d{2}-\\d{2}|r)\\.\\d+\\.(${PAGED_TABLES.join('|')})\\.[\\w.!~*'()%-]*)?$`),
  );
export function makeCursor(version: number, windowEnd: string, client: string, page?: PagePosition, schema = SYNC_SCHEMA_VERSION): string {
  const base = `${version}:${windowEnd}:${client}:v${schema}`;
  if (!page) return base;
  return `${base}:p${page.since}.${page.previousEnd ?? 'r'}.${page.lastMutationId}.${page.table}.${encodeURIComponent(page.after)}`;
}
export function readCursor(cursor: string): { version: number; windowEnd: string; client: string; schema: number; page?: PagePosition } {
  const [version = '0', windowEnd = '', client = '', schema = 'v1', position] = cursor.split(':');
  return { version: Number(version), windowEnd, client, schema: Number(schema.slice(1)), page: position ? readPosition(position) : undefined };
}
function readPosition(position: string): PagePosition {
  const [since = '0', previousEnd = 'r', lastMutationId = '0', table, ...after] = position.slice(1).split('.');
  return {
    since: Number(since),
    previousEnd: previousEnd === 'r' ? null : previousEnd,
    lastMutationId: Number(lastMutationId),
    table: PAGED_TABLES.find((name) => name === table) ?? 'airports',
    after: decodeURIComponent(after.join('.')),
  };
}

/**
 * Payments sync without their populated booking; the booking is in its own table. `linkHash` is the
 * SHA-256 (hex) of the payment link's key, on the payer's own payments only (else null): the device finds
 * the payment behind `/payment/<key>` offline without ever holding a key it was not given.
 */
export const SyncPaymentSchema = PaymentSchema.omit({ bookingId: true }).extend({
  bookingId: z.string(),
  bookingRef: z.string(),
  linkHash: z.string().nullable(),
});
export type SyncPayment = z.infer<typeof SyncPaymentSchema>;

export const SyncSettingsSchema = z.union([AdminSettingsSchema, PublicSettingsSchema]);

export const SyncChangesSchema = z.object({
  airports: z.array(AirportSchema).default([]),
  flights: z.array(FlightSchema).default([]),
  bookings: z.array(BookingSchema).default([]),
  payments: z.array(SyncPaymentSchema).default([]),
  settings: z.array(SyncSettingsSchema.and(z.object({ _id: z.literal('settings') }))).default([]),
  profile: z.array(UserSchema).default([]),
  conversations: z.array(ConversationSchema).default([]),
  messages: z.array(MessageSchema).default([]),
});
export type SyncChanges = z.infer<typeof SyncChangesSchema>;
export type SyncTable = keyof SyncChanges;
export const SYNC_TABLES = [
  'airports',
  'flights',
  'bookings',
  'payments',
  'settings',
  'profile',
  'conversations',
  'messages',
] as const satisfies readonly SyncTable[];

export const ClientIdSchema = z.uuid('clientId must be a UUID');

export const PullRequestSchema = z.object({
  clientId: ClientIdSchema,
  cursor: CursorSchema.nullable(),
  schemaVersion: z.number().int(),
  /** The smallest mutation id still in the client's outbox: rejections from there on are returned. */
  pendingFrom: z.number().int().min(1).optional(),
});
export type PullRequest = z.infer<typeof PullRequestSchema>;

export const MutationResultSchema = z.object({
  mutationId: z.number().int(),
  /** Why the server refused the mutation (sync/error-codes.ts). */
  code: ErrorCodeSchema,
  message: z.string(),
});
export type MutationResult = z.infer<typeof MutationResultSchema>;

export const PullResponseSchema = z.object({
  cursor: CursorSchema,
  lastMutationId: z.number().int(),
  reset: z.boolean(),
  results: z.array(MutationResultSchema),
  changes: SyncChangesSchema,
  deletes: z.record(z.string(), z.array(z.string())),
  /**
   * In a reset, the id ranges of catalogue tables this answer holds in full: rows the device keeps in
   * (after, through] (through null: to the end) and the answer lacks are gone. So a reset replaces the
   * catalogue page by page instead of emptying it first.
   */
  covers: z.array(z.object({ table: z.enum(CATALOGUE_TABLES), after: z.string(), through: z.string().nullable() })).default([]),
  hasMore: z.boolean(),
  /** An admin's device keeps what changed since then, beside the rest of its working set (sync/working-set.ts); null: every own row. */
  keepSince: z.string().nullable().default(null),
});
export type CoveredRange = PullResponse['covers'][number];
export type PullResponse = z.infer<typeof PullResponseSchema>;

const ImageRef = z.string().trim().min(1).max(300);

/** Mutations are intents; each carries what the server needs to apply it exactly once. */
export const MutationArgsSchemas = {
  attachReceipt: z.object({ paymentId: z.string().max(64), image: ImageRef }),
  confirmManualPayment: z.object({ paymentId: z.string().max(64) }),
  reviewPayment: z.object({
    paymentId: z.string().max(64),
    expectedStatus: z.enum(PAYMENT_STATUSES),
    status: z.enum(['successful', 'failed']),
    reason: z.string().trim().max(500).optional(),
  }),
  cancelBooking: z.object({ bookingId: z.string().max(64) }),
  /**
   * The profile without the e-mail: changing it needs the current password, which never goes into the
   * device's queue, so it is made online. An `email` other than the account's is refused, never dropped.
   */
  updateProfile: ProfileUpdateSchema.omit({ email: true }).extend({ email: z.string().trim().toLowerCase().optional() }),
  sendMessage: SendMessageArgsSchema,
  markConversationRead: z.object({ conversationId: z.string().max(64) }),
} as const;
export type MutationName = keyof typeof MutationArgsSchemas;
export const MUTATION_NAMES = Object.keys(MutationArgsSchemas) as MutationName[];
/** What the device queues for a mutation (the server parses it with the schema again). */
export type MutationArgs<N extends MutationName> = z.input<(typeof MutationArgsSchemas)[N]>;
/** A queued intent: its name and its arguments, one member per mutation. */
export type MutationCall = { [N in MutationName]: { name: N; args: MutationArgs<N> } }[MutationName];

export const MutationSchema = z.object({
  id: z.number().int().min(1),
  name: z.enum(MUTATION_NAMES as [MutationName, ...MutationName[]]),
  args: z.unknown(),
});
export type Mutation = z.infer<typeof MutationSchema>;

export const PushRequestSchema = z.object({
  clientId: ClientIdSchema,
  schemaVersion: z.number().int(),
  mutations: z.array(MutationSchema).max(100),
});
export type PushRequest = z.infer<typeof PushRequestSchema>;

export const PushResponseSchema = z.object({
  lastMutationId: z.number().int(),
  results: z.array(MutationResultSchema),
});
export type PushResponse = z.infer<typeof PushResponseSchema>;
