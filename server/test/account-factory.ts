import { eq } from 'drizzle-orm';
import { immediate } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../services/identity/passwords';
import { signToken } from '../services/identity/tokens';
import { findUserByEmail, insertUser, normalizeEmail } from '../services/identity/users';
import type { TestServer } from './harness';

export type SignedIn = { id: string; email: string; fullName: string; token: string };

/** Each password hashed once per test file: argon2 costs tens of milliseconds a hash. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  const known = hashes.get(password) ?? hashPassword(password);
  hashes.set(password, known);
  return known;
};

type AccountFields = { email: string; fullName: string; role?: 'user' | 'admin'; password?: string; confirmed?: boolean };

/**
 * An account made in the database and signed in with a token the server signs, as a log-in would give:
 * no sign-up or log-in over HTTP. Its e-mail is confirmed unless `confirmed` is false (booking mails go
 * only to a confirmed address); auth.test.ts and email-verification.test.ts cover the routes themselves.
 */
export async function makeAccount(server: Pick<TestServer, 'ctx'>, fields: AccountFields): Promise<SignedIn> {
  const { email, fullName, role = 'user', password = 'Secret-pass-1', confirmed = true } = fields;
  const user = await insertUser(server.ctx, { email: normalizeEmail(email), fullName, passwordHash: await hashOf(password) }, role);
  if (confirmed) await immediate(server.ctx.db, (tx) => tx.update(users).set({ emailVerifiedAt: server.ctx.now().toISOString() }).where(eq(users.id, user.id)));
  return { id: user.id, email: user.email, fullName, token: signToken(server.ctx.jwtSecret, user.id, user.tokenVersion) };
}

/** A token for an account that exists (the seeded admin), as its log-in would give. */
export async function tokenOf(server: Pick<TestServer, 'ctx'>, email: string): Promise<string> {
  const user = await findUserByEmail(server.ctx.db, email);
  if (!user) throw new Error(`no account ${email}`);
  return signToken(server.ctx.jwtSecret, user.id, user.tokenVersion);
}
