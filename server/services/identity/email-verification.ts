import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { VERIFY_LINK_INVALID } from '../../../sync/schemas/email-verification';
import type { MailSender } from '../deps';
import { first, immediate, type Queryable } from '../../db/client';
import { whenWritable } from '../../db/faults';
import { emailVerifications } from '../../db/schema';
import { invalidField } from '../../errors';
import { REDACTED } from '../../log-redact';
import { may } from '../../policies';
import type { Mail } from '../mail/mail';
import { hashLinkToken, newLinkToken } from './tokens';
import type { UserRow } from '../../actor';
import { findUserById, updateUserRow } from './users';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60_000;

type Wording = { subject: string; lines: readonly [string, string, string]; button: string };

/** No word of it comes from the account (not even the name), so the mail carries nothing a stranger chose. */
const ACCOUNT: Wording = {
  subject: 'Confirm your SkyWay e-mail address',
  lines: [
    'Please confirm that this is the e-mail address of your SkyWay account.',
    'Open this link within 24 hours to confirm it:',
    'Until it is confirmed we send no booking e-mails to this address. If you did not sign up, ignore this mail.',
  ],
  button: 'Confirm my e-mail address',
};

/** A support guest's address: whoever typed it chose nothing of this text either. */
const GUEST: Wording = {
  subject: 'Confirm your e-mail for SkyWay support',
  lines: [
    'Someone started a chat with SkyWay support and gave this e-mail address for our replies.',
    'Open this link within 24 hours if you want our replies by e-mail:',
    'Until it is confirmed we e-mail nothing to this address. If it was not you, ignore this mail.',
  ],
  button: 'Send me the replies by e-mail',
};

function verifyBody({ lines, button }: Wording, link: string) {
  return {
    text: `${lines[0]}\n\n${lines[1]} ${link}\n\n${lines[2]}\n\nSkyWay Airlines\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>${lines[0]}</p><p><a href="${encodeURI(link)}">${button}</a> (the link works for 24 hours).</p><p>${lines[2]}</p><p>SkyWay Airlines</p></body></html>`,
  };
}

/** The outbox, which admins read, keeps the mail without the token, like a reset mail. */
function verifyMail(wording: Wording, to: string, siteUrl: string, token: string): Mail {
  const link = (shown: string) => `${siteUrl}/verify-email?token=${shown}`;
  return { to, subject: wording.subject, ...verifyBody(wording, link(token)), stored: verifyBody(wording, link(REDACTED)) };
}

/**
 * Mails a 24-hour confirmation link to an unconfirmed account's current address; a new link replaces
 * the older ones.
 */
export async function sendVerificationLink(ctx: MailSender, user: UserRow, siteUrl: string): Promise<void> {
  if (!may('account', user) || user.emailVerifiedAt !== null) return;
  await mailLink(ctx, user, user.email, ACCOUNT, siteUrl);
}

/**
 * Mails a support guest the same single-use link for the address it gave (`to`; the row keeps the
 * guest's stored e-mail, which the link must still match): support replies are mailed only once it is used.
 */
export async function sendGuestVerificationLink(ctx: MailSender, guest: UserRow, to: string, siteUrl: string): Promise<void> {
  if (guest.role !== 'guest' || guest.emailVerifiedAt !== null) return;
  await mailLink(ctx, guest, to, GUEST, siteUrl);
}

async function mailLink(ctx: MailSender, user: UserRow, to: string, wording: Wording, siteUrl: string): Promise<void> {
  const token = newLinkToken();
  const now = ctx.now();
  // NOTE: callers reach this after an await (a password hash or check): retried while the write lock is held.
  await whenWritable(async () =>
    immediate(ctx.db, async (tx) => {
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
      await tx.insert(emailVerifications).values({
        id: randomUUID(),
        userId: user.id,
        email: user.email,
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS).toISOString(),
        createdAt: now.toISOString(),
      });
    }),
  );
  ctx.outbox.follow(
    ctx.mailer.send(verifyMail(wording, to, siteUrl, token)).catch((error: unknown) => ctx.log.error({ err: error }, 'verification mail failed')),
  );
}

/** The account an unused, unexpired link belongs to, while it still has the address the link was sent to. */
async function linkOwner(q: Queryable, tokenHash: string, nowIso: string): Promise<UserRow | undefined> {
  const link = await first(
    q
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt))),
  );
  if (!link || link.expiresAt <= nowIso) return undefined;
  const user = await findUserById(q, link.userId);
  return user?.email === link.email ? user : undefined;
}

/** Marks the account's address as confirmed; the link works once. */
export async function verifyEmail(ctx: MailSender, token: string): Promise<UserRow> {
  const tokenHash = hashLinkToken(token);
  const now = ctx.now();
  const nowIso = now.toISOString();
  return immediate(ctx.db, async (tx) => {
    const user = await linkOwner(tx, tokenHash, nowIso);
    if (!user) throw invalidField(VERIFY_LINK_INVALID, 'token', 'invalid_link');
    await tx.update(emailVerifications).set({ usedAt: nowIso }).where(eq(emailVerifications.userId, user.id));
    return updateUserRow(tx, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? nowIso }, now);
  });
}

/** Where the account's own mails may go: its address once confirmed, else nowhere. */
export async function verifiedAddress(q: Queryable, userId: string): Promise<string | undefined> {
  const user = await findUserById(q, userId);
  return user?.emailVerifiedAt ? user.email : undefined;
}
