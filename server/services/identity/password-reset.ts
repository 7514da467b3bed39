import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RESET_LINK_INVALID } from '../../../sync/schemas/password-reset';
import type { MailSender } from '../deps';
import { first, immediate, type Queryable } from '../../db/client';
import { passwordResets } from '../../db/schema';
import { invalidField } from '../../errors';
import { REDACTED } from '../../log-redact';
import { may } from '../../policies';
import type { Mail } from '../mail/mail';
import { clearAccountDelay } from './lockout';
import { hashPassword } from './passwords';
import { hashLinkToken, newLinkToken } from './tokens';
import type { UserRow } from '../../actor';
import { findUserByEmail, findUserById, NEXT_TOKEN_VERSION, updateUserRow } from './users';

export const RESET_LINK_TTL_MS = 60 * 60_000;

function resetBody(link: string) {
  const lines = [
    'Someone asked to reset the password of your SkyWay account.',
    `Open this link within one hour to choose a new password: ${link}`,
    'If it was not you, ignore this mail: your password stays as it is.',
  ];
  return {
    text: `${lines.join('\n\n')}\n\nSkyWay Airlines\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>${lines[0]}</p><p><a href="${encodeURI(link)}">Choose a new password</a> (the link works for one hour).</p><p>${lines[2]}</p><p>SkyWay Airlines</p></body></html>`,
  };
}

/** The outbox, which admins read, keeps the mail without the token: the link would open the account. */
function resetMail(to: string, siteUrl: string, token: string): Mail {
  const link = (shown: string) => `${siteUrl}/reset-password?token=${shown}`;
  return { to, subject: 'Reset your SkyWay password', ...resetBody(link(token)), stored: resetBody(link(REDACTED)) };
}

/**
 * Mails a one-hour reset link to an account's owner. Unknown addresses and guests get nothing, and the
 * caller answers the same either way, so the call tells nobody whether an account exists.
 */
export async function requestPasswordReset(ctx: MailSender, email: string, siteUrl: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !may('account', user)) return;
  const token = newLinkToken();
  const now = ctx.now();
  await immediate(ctx.db, async (tx) => {
    // A new link replaces the older ones.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      id: randomUUID(),
      userId: user.id,
      email: user.email,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    });
  });
  ctx.outbox.follow(ctx.mailer.send(resetMail(user.email, siteUrl, token)).catch((error: unknown) => ctx.log.error({ err: error }, 'reset mail failed')));
}

/**
 * The account an unused, unexpired link belongs to, while it still has the address the link was mailed
 * to. A new e-mail or password deletes the account's links anyway (updateUserRow); this also refuses a
 * link whose address changed another way.
 */
async function resetOwner(q: Queryable, tokenHash: string, nowIso: string): Promise<UserRow | undefined> {
  const reset = await first(
    q
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt))),
  );
  if (!reset || reset.expiresAt <= nowIso) return undefined;
  const user = await findUserById(q, reset.userId);
  return user?.email === reset.email ? user : undefined;
}

const invalidLink = () => invalidField(RESET_LINK_INVALID, 'token', 'invalid_link');

/**
 * Sets a new password from a valid, unused, unexpired link; every older login token stops working, and
 * the account's links are deleted with the change (updateUserRow). The link is checked before the
 * password is hashed, so a bogus link costs no hashing.
 */
export async function resetPassword(ctx: MailSender, token: string, password: string): Promise<void> {
  const tokenHash = hashLinkToken(token);
  if (!(await resetOwner(ctx.db, tokenHash, ctx.now().toISOString()))) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  await immediate(ctx.db, async (tx) => {
    const user = await resetOwner(tx, tokenHash, now.toISOString());
    if (!user) throw invalidLink();
    await updateUserRow(tx, user.id, { passwordHash, tokenVersion: NEXT_TOKEN_VERSION }, now);
    await clearAccountDelay(tx, user.email);
  });
}
