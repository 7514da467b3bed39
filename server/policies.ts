import { eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Role } from '../sync/constants';
import type { MutationName } from '../sync/protocol';
import type { images } from './db/schema';
import { AppError, forbidden, notFound, unauthorized } from './errors';

/**
 * WHO MAY DO WHAT, stated once. Routes, the sync push and pull, image serving, socket events and the
 * access-matrix test (server/test/access-matrix.test.ts) all read RULES below.
 *
 * A caller stands to an object in one of five ways, tried in this order:
 *   anonymous  no valid token
 *   owner      the object is theirs (their booking, payment, image, conversation, sync client), any role
 *   admin      an admin who does not own it
 *   guest      a support-chat guest who does not own it
 *   other      a signed-in traveller who does not own it
 * Rules about no particular object (role gates: 'backOffice', 'catalogue.edit', ...) give owner = other.
 *
 * Each rule names, per standing, 'allow' or the refusal: 401 (sign in: guests too, where only accounts
 * may act), 403 (known to be refused), 404 (the object is someone else's: its existence is not revealed).
 *
 *   public                   anyone: sign-up, log-in, reset and confirmation links, tracking by reference
 *                            and e-mail, contact, coupons, guest log-in, catalogue reads, public settings,
 *                            marketing images
 *   account, profile.update  signed-in accounts (not guests): own profile, sign out everywhere, own
 *                            confirmation mail, own lists of bookings and payments
 *   backOffice               admins: every booking, payment, the audit, mail outbox, overview, e-mails
 *   catalogue.edit           admins: airports and flights
 *   settings.edit, settings.readPrivate   admins (others read the public settings)
 *   booking.create           accounts, for themselves (an admin may also book as a customer any account
 *                            that could book itself: booking.createForCustomer)
 *   booking.read/cancel      owner and admins; anyone else 404
 *   booking.checkIn          the owner only (an admin hears 404)
 *   booking.markRefundPaid, payment.review   admins
 *   payment.read/claim       owner and admins (claim: attach a receipt, 'I have made payment'); else 404
 *   payment.changeMethod     the payer only (an admin hears 404)
 *   payment.link             the payer only sees the hash of their payment link
 *   image.read               owner and admins (a chat image also the other party of a conversation it is
 *                            in); anonymous 401, anyone else 404; marketing images are public
 *   image.upload.*           accounts; marketing: admins; chat: guests too, into their own conversation
 *   chat                     anyone with a token takes part in the support chat (guests: their own)
 *   conversation.start       travellers and guests; admins are the support side and start none (403)
 *   conversation.read, message.send, conversation.markRead   the conversation's user and admins; else 404
 *   conversation.setStatus   admins
 *   sync.use                 anyone with a token; sync.accountTables: not guests (they sync their chat only)
 *   sync.client              a sync client id belongs to the user who used it first (403)
 *   limits.exempt, realtime.adminRoom   admins: no rate limits; hear every poke and chat message
 *   user.manage              admins: find accounts by name or e-mail, read one with its bookings
 *   user.setRole             admins: make an account admin or a regular user (their own too, never the
 *                            last active admin: 409)
 *   push.subscribe           accounts: turn on notifications in a browser (Web Push)
 *   push.unsubscribe         the subscription's user only; anyone else is told it does not exist
 *   user.setStatus           admins, on another account (the account is its own owner: an admin cannot
 *                            disable themselves, 403): disable or re-enable it (never the last active admin)
 */

export const ALLOW = 'allow';
export type Outcome = typeof ALLOW | 401 | 403 | 404;
export const STANDINGS = ['anonymous', 'guest', 'other', 'owner', 'admin'] as const;
export type Standing = (typeof STANDINGS)[number];
/** One outcome per standing, in STANDINGS order: [anonymous, guest, other, owner, admin]. */
type Rule = readonly [Outcome, Outcome, Outcome, Outcome, Outcome];
const COLUMN = { anonymous: 0, guest: 1, other: 2, owner: 3, admin: 4 } as const satisfies Record<Standing, number>;

const A = ALLOW;
const EVERYONE: Rule = [A, A, A, A, A];
const ACCOUNTS: Rule = [401, 401, A, A, A];
const TOKEN_HOLDERS: Rule = [401, A, A, A, A];
const ADMINS: Rule = [401, 401, 403, 403, A];
const OWNER_OR_ADMIN: Rule = [401, 401, 404, A, A];
/** Conversations and images: a guest may own one, so a guest is told someone else's does not exist. */
const PARTY: Rule = [401, 404, 404, A, A];
const ACCOUNTS_NOT_GUESTS: Rule = [401, 403, A, A, A];

export const RULES = {
  public: EVERYONE,
  account: ACCOUNTS,
  'profile.update': ACCOUNTS,
  backOffice: ADMINS,
  'catalogue.edit': ADMINS,
  'settings.edit': ADMINS,
  'settings.readPrivate': ADMINS,
  'booking.create': ACCOUNTS,
  'booking.createForCustomer': ADMINS,
  'booking.read': OWNER_OR_ADMIN,
  'booking.cancel': OWNER_OR_ADMIN,
  'booking.checkIn': [401, 401, 404, A, 404],
  'booking.markRefundPaid': ADMINS,
  'payment.read': OWNER_OR_ADMIN,
  'payment.claim': OWNER_OR_ADMIN,
  'payment.review': ADMINS,
  /** Switching a pending payment to another method is the traveller's own choice: an admin hears 404. */
  'payment.changeMethod': [401, 401, 404, A, 404],
  'payment.link': [404, 404, 404, A, 404],
  'image.read': PARTY,
  'image.upload.receipt': ACCOUNTS_NOT_GUESTS,
  'image.upload.avatar': ACCOUNTS_NOT_GUESTS,
  /** A chat image named for no conversation. */
  'image.upload.chat': ACCOUNTS_NOT_GUESTS,
  /** A chat image for a conversation, which must then be one the caller may write in (or a new one of theirs). */
  'image.upload.chatInConversation': TOKEN_HOLDERS,
  'image.upload.marketing': [401, 403, 403, 403, A],
  chat: TOKEN_HOLDERS,
  'conversation.start': [401, A, A, A, 403],
  'conversation.list': TOKEN_HOLDERS,
  'conversation.read': PARTY,
  'message.send': PARTY,
  'conversation.markRead': PARTY,
  'conversation.setStatus': ADMINS,
  'sync.use': TOKEN_HOLDERS,
  'sync.accountTables': [401, 403, A, A, A],
  'sync.client': [401, 403, 403, A, 403],
  'limits.exempt': ADMINS,
  'realtime.adminRoom': ADMINS,
  'user.manage': ADMINS,
  'user.setRole': ADMINS,
  /** The owner column is an admin acting on their own account: another admin disables one. */
  'user.setStatus': [401, 401, 403, 403, A],
  'push.subscribe': ACCOUNTS,
  'push.unsubscribe': [401, 401, 404, A, 404],
} as const satisfies Record<string, Rule>;
export type Permission = keyof typeof RULES;

export const ADMIN_CANNOT_START = "Admin can't contact support, you are Support";
const GUEST_UPLOADS = 'Guests may only send images in their own chat';
/** What a 403 says where the generic 'You are not allowed to do this' would not tell the caller why. */
const REFUSALS: Partial<Record<Permission, string>> = {
  'conversation.start': ADMIN_CANNOT_START,
  'image.upload.marketing': 'Only admins upload marketing images',
  'image.upload.receipt': GUEST_UPLOADS,
  'image.upload.avatar': GUEST_UPLOADS,
  'image.upload.chat': GUEST_UPLOADS,
  'user.setStatus': 'You cannot disable or enable your own account: another admin can',
};

/** The caller as the policies see it: a user row (or any id and role), or nobody. */
export type Actor = { id: string; role: Role } | null | undefined;

export function standing(actor: Actor, ownerId?: string | null): Standing {
  if (!actor) return 'anonymous';
  if (ownerId !== undefined && ownerId !== null && actor.id === ownerId) return 'owner';
  if (actor.role === 'admin') return 'admin';
  return actor.role === 'guest' ? 'guest' : 'other';
}

/** What `permission` says to this caller about an object owned by `ownerId` (none: a role gate). */
export function decide(permission: Permission, actor: Actor, ownerId?: string | null): Outcome {
  return RULES[permission][COLUMN[standing(actor, ownerId)]];
}

export function may(permission: Permission, actor: Actor, ownerId?: string | null): boolean {
  return decide(permission, actor, ownerId) === ALLOW;
}

/** The error a refusal answers; `object` names what a 404 says was not found. */
export function refusal(permission: Permission, outcome: Exclude<Outcome, typeof ALLOW>, object = 'Object'): AppError {
  if (outcome === 401) return unauthorized();
  if (outcome === 404) return notFound(object);
  const message = REFUSALS[permission];
  return message ? new AppError(403, message) : forbidden();
}

/** Throws the refusal unless `permission` allows the caller (on the object `{ name, ownerId }`, if any). */
export function authorize(permission: Permission, actor: Actor, object?: { name: string; ownerId: string | null }): void {
  const outcome = decide(permission, actor, object?.ownerId);
  if (outcome !== ALLOW) throw refusal(permission, outcome, object?.name);
}

/** The rows of a table the caller may read under `permission`: all (admins), their own, or none. */
export function visibleRows(permission: Permission, actor: Actor, ownerColumn: SQLiteColumn): SQL | undefined {
  if (may(permission, actor)) return undefined;
  return actor && may(permission, actor, actor.id) ? eq(ownerColumn, actor.id) : sql`false`;
}

/** The permission each sync mutation needs; the REST twin of each needs the same. */
export const MUTATION_PERMISSIONS: Record<MutationName, Permission> = {
  attachReceipt: 'payment.claim',
  confirmManualPayment: 'payment.claim',
  reviewPayment: 'payment.review',
  cancelBooking: 'booking.cancel',
  updateProfile: 'profile.update',
  sendMessage: 'message.send',
  markConversationRead: 'conversation.markRead',
};

/**
 * Refuses, before its arguments are read, a pushed mutation that no object could allow this caller (a
 * guest's booking change, a traveller's payment review). Always a 403: in a push a 401 pauses the queue.
 */
export function authorizeMutation(actor: Actor, name: MutationName): void {
  const outcome = decide(MUTATION_PERMISSIONS[name], actor);
  if (outcome === 401 || outcome === 403) throw forbidden();
}

type ImageKind = (typeof images.$inferSelect)['kind'];

/** Who may upload an image of `kind`; a chat image for a conversation also needs that conversation. */
export function uploadPermission(kind: ImageKind, forConversation: boolean): Permission {
  return kind === 'chat' && forConversation ? 'image.upload.chatInConversation' : `image.upload.${kind}`;
}

/** Marketing images are public; every other kind is read under 'image.read'. */
export function imageReadPermission(kind: ImageKind): Permission {
  return kind === 'marketing' ? 'public' : 'image.read';
}
