import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { User } from '../../sync/schemas/user';
import type { EmailUpdate, PasswordUpdate, ProfileUpdate, RegisterBody } from '../../sync/schemas/user';
import type { AppContext } from '../context';
import { preparedCache, type Queryable } from '../db/client';
import { users } from '../db/schema';
import { nextVersion } from '../db/version';
import { AppError, conflict, notFound } from '../errors';
import { hashPassword, verifyPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

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
    createdAt: row.createdAt,
  };
}

const prepared = preparedCache<ReturnType<typeof buildFindById>>();

function buildFindById(q: Queryable) {
  return q.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
}

/** Runs on every authenticated request, so it is prepared once per connection. */
export function findUserById(q: Queryable, id: string): UserRow | undefined {
  return prepared(q, 'byId', () => buildFindById(q)).get({ id });
}

export function findUserByEmail(q: Queryable, email: string): UserRow | undefined {
  return q.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

function assertEmailFree(q: Queryable, email: string, exceptId?: string): void {
  const existing = findUserByEmail(q, email);
  if (existing && existing.id !== exceptId) throw conflict('An account with this email already exists');
}

export async function createUser(
  ctx: AppContext,
  body: RegisterBody,
  role: UserRow['role'] = 'user',
): Promise<UserRow> {
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now().toISOString();
  return ctx.db.transaction(
    (tx) => {
      assertEmailFree(tx, body.email);
      return tx
        .insert(users)
        .values({
          id: randomUUID(),
          fullName: body.fullName,
          email: body.email,
          passwordHash,
          role,
          createdAt: now,
          updatedAt: now,
          version: nextVersion(tx),
        })
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
}

function updateUserRow(ctx: AppContext, id: string, values: Partial<typeof users.$inferInsert>): UserRow {
  return ctx.db.transaction(
    (tx) => {
      if (values.email) assertEmailFree(tx, values.email, id);
      const row = tx
        .update(users)
        .set({ ...values, updatedAt: ctx.now().toISOString(), version: nextVersion(tx) })
        .where(eq(users.id, id))
        .returning()
        .get();
      if (!row) throw notFound('User');
      return row;
    },
    { behavior: 'immediate' },
  );
}

export function updateProfile(ctx: AppContext, id: string, body: ProfileUpdate): UserRow {
  const { phone, ...rest } = body;
  return updateUserRow(ctx, id, { ...rest, ...(phone === undefined ? {} : { mobile: phone }) });
}

export function updateEmail(ctx: AppContext, id: string, body: EmailUpdate): UserRow {
  return updateUserRow(ctx, id, { email: body.email });
}

/** Changing the password revokes every token issued before, by bumping the token version. */
export async function updatePassword(ctx: AppContext, user: UserRow, body: PasswordUpdate): Promise<UserRow> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError(400, 'Current password is incorrect', [{ msg: 'Current password is incorrect', path: 'currentPassword' }]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  return updateUserRow(ctx, user.id, { passwordHash, tokenVersion: user.tokenVersion + 1 });
}

export function revokeTokens(ctx: AppContext, user: UserRow): UserRow {
  return updateUserRow(ctx, user.id, { tokenVersion: user.tokenVersion + 1 });
}
