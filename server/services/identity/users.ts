import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EMAIL_NEEDS_PASSWORD, type User } from '../../../sync/schemas/user';
import type { EmailUpdate, PasswordUpdate, ProfileUpdate, RegisterBody } from '../../../sync/schemas/user';
import type { UserRow } from '../../actor';
import type { DbAndClock } from '../deps';
import { first, only, immediate, preparedCache, type Queryable, type Tx } from '../../db/client';
import { whenWritable } from '../../db/faults';
import { keepUser, keptUser, userMark, writingUser } from '../../db/user-writes';
import { passwordResets, users } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { conflict, invalidField, notFound } from '../../errors';
import { hashPassword, verifyPassword } from './passwords';

export function toUserJson(row: UserRow): User {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    mobile: row.mobile,
    nationality: row.nationality,
    dob: row.dob,
    gender: row.gender,
    address: row.address,
    image: row.image,
    whatsApp: row.whatsApp,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt,
  };
}

const prepared = preparedCache<ReturnType<typeof buildFindById>>();

function buildFindById(q: Queryable) {
  return q
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
}

/** Runs on every authenticated request, so it is prepared once per connection. */
export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return await first(prepared(q, 'byId', () => buildFindById(q)).execute({ id }));
}

/**
 * The caller's row as a request's token names it: kept on PostgreSQL while no write of it is heard
 * (db/user-writes.ts). `stands` says whether a kept row may answer (the token's version matches, the
 * account is enabled); otherwise, say for a token signed a moment ago on another process, it is read anew.
 */
export async function callerById(q: Queryable, id: string, stands: (row: UserRow) => boolean): Promise<UserRow | undefined> {
  const kept = keptUser<UserRow>(q, id);
  if (kept && stands(kept)) return kept;
  const mark = userMark(q);
  const row = await findUserById(q, id);
  if (row && mark !== undefined) keepUser(q, mark, id, row);
  return row;
}

/** Stored e-mails are lower-cased; the unique index is on lower(email), so this lookup uses it. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return await first(
    q
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalizeEmail(email))),
  );
}

/** A cheap early answer before any password hashing; the unique index stays the rule under races. */
async function assertEmailFree(q: Queryable, email: string, exceptId?: string): Promise<void> {
  const existing = await findUserByEmail(q, email);
  if (existing && existing.id !== exceptId) throw conflict('An account with this email already exists', 'email_taken');
}

export async function createUser(ctx: DbAndClock, body: RegisterBody, role: UserRow['role'] = 'user'): Promise<UserRow> {
  await assertEmailFree(ctx.db, body.email);
  const passwordHash = await hashPassword(body.password);
  // NOTE: the write comes after the hash's await, so the write gate's wait may be stale: retried here.
  return whenWritable(() => insertUser(ctx, { fullName: body.fullName, email: normalizeEmail(body.email), passwordHash }, role));
}

/**
 * A user's row, in a transaction of its own: an account (its password already hashed, its e-mail
 * normalized) or a guest (no password, the stored guest address, the id it was made from).
 */
export async function insertUser(
  ctx: DbAndClock,
  fields: { id?: string; fullName: string; email: string; passwordHash: string | null },
  role: UserRow['role'],
): Promise<UserRow> {
  const now = ctx.now().toISOString();
  return immediate(
    ctx.db,
    async (tx) =>
      await only(
        tx
          .insert(users)
          .values({
            id: fields.id ?? randomUUID(),
            fullName: fields.fullName,
            email: fields.email,
            passwordHash: fields.passwordHash,
            role,
            createdAt: now,
            updatedAt: now,
            version: await nextVersion(tx),
          })
          .returning(),
      ),
  );
}

/**
 * Every token signed before the write stops working: the version counted up from the stored one, not from a
 * caller's copy of the row, which a process may have kept from before another's write (db/user-writes.ts).
 */
export const NEXT_TOKEN_VERSION = sql<number>`${users.tokenVersion} + 1`;

type UserValues = Omit<Partial<typeof users.$inferInsert>, 'tokenVersion'> & { tokenVersion?: typeof NEXT_TOKEN_VERSION };

/**
 * Changes of an account's row (profile, e-mail, password, reset, role, status, verification) go through
 * here, and drop the row this process keeps of it (db/user-writes.ts). A new e-mail or password deletes
 * the account's pending reset links in the same transaction: a link mailed before it resets nothing after it.
 */
export async function updateUserRow(tx: Tx, id: string, values: UserValues, now: Date): Promise<UserRow> {
  writingUser(tx, id);
  if (values.email !== undefined || values.passwordHash !== undefined) await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
  const email = values.email === undefined ? {} : { email: normalizeEmail(values.email) };
  const row = await first(
    tx
      .update(users)
      .set({ ...values, ...email, updatedAt: now.toISOString(), version: await nextVersion(tx) })
      .where(eq(users.id, id))
      .returning(),
  );
  if (!row) throw notFound('User');
  return row;
}

/**
 * Name, phone and the other details. An e-mail it carries must be the current one: a new address
 * needs the current password (updateEmail), so it is never changed here. The sync outbox's
 * updateProfile carries no e-mail at all (no password is ever queued on a device).
 */
export async function updateProfile(tx: Tx, user: UserRow, body: Omit<ProfileUpdate, 'email'> & { email?: string | undefined }, now: Date): Promise<UserRow> {
  const { phone, email, ...rest } = body;
  if (email !== undefined && normalizeEmail(email) !== normalizeEmail(user.email)) throw invalidField(EMAIL_NEEDS_PASSWORD, 'email');
  return updateUserRow(tx, user.id, { ...rest, ...(phone === undefined ? {} : { mobile: phone }) }, now);
}

async function assertCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw invalidField('Current password is incorrect', 'currentPassword');
  }
}

/**
 * A new e-mail needs the current password, signs the account out everywhere else, and is unconfirmed
 * until its owner follows the link mailed to it.
 */
export async function updateEmail(ctx: DbAndClock, user: UserRow, body: EmailUpdate): Promise<UserRow> {
  await assertEmailFree(ctx.db, body.email, user.id);
  await assertCurrentPassword(user, body.currentPassword);
  const emailVerifiedAt = normalizeEmail(body.email) === user.email ? user.emailVerifiedAt : null;
  return immediate(ctx.db, async (tx) => updateUserRow(tx, user.id, { email: body.email, emailVerifiedAt, tokenVersion: NEXT_TOKEN_VERSION }, ctx.now()));
}

/** Changing the password revokes every token issued before, by bumping the token version. */
export async function updatePassword(ctx: DbAndClock, user: UserRow, body: PasswordUpdate): Promise<UserRow> {
  await assertCurrentPassword(user, body.currentPassword);
  const passwordHash = await hashPassword(body.newPassword);
  return immediate(ctx.db, async (tx) => updateUserRow(tx, user.id, { passwordHash, tokenVersion: NEXT_TOKEN_VERSION }, ctx.now()));
}

export async function revokeTokens(ctx: DbAndClock, user: UserRow): Promise<UserRow> {
  return immediate(ctx.db, async (tx) => updateUserRow(tx, user.id, { tokenVersion: NEXT_TOKEN_VERSION }, ctx.now()));
}
