import { Router, type Request } from 'express';
import { EMAIL_VERIFIED, VERIFY_LINK_SENT, VerifyEmailBodySchema } from '../../sync/schemas/email-verification';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { currentUser } from '../middleware/auth';
import { may } from '../policies';
import { DEFAULT_RATE_LIMITS, takeRequest } from '../middleware/rate-limits';
import { sendVerificationLink, verifyEmail } from '../services/identity/email-verification';
import { toUserJson } from '../services/identity/users';
import { validate } from '../validate';
import { siteUrl } from './site-url';

/**
 * Counts one confirmation mail against the caller's account and network address (a resent link, or
 * the link for a new e-mail): the address it goes to is not proven yet.
 */
export async function takeVerifyMail(ctx: AppContext, req: Request): Promise<void> {
  const user = currentUser(req);
  const refused = await takeRequest(ctx, ['verifyMail', 'verifyMailAddress'], { id: user.id, role: user.role, ip: req.ip ?? 'unknown' });
  if (refused) throw new AppError(429, DEFAULT_RATE_LIMITS[refused].message);
}

export function emailVerificationRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/auths/verify-email', async (req, res) => {
    const { token } = validate(VerifyEmailBodySchema, req.body);
    const user = await verifyEmail(ctx, token);
    // A support guest's link answers no account: a guest has none to show.
    res.json({ message: EMAIL_VERIFIED, ...(may('account', user) && { user: toUserJson(user) }) });
  });

  router.post('/auths/verify-email/resend', async (req, res) => {
    const user = currentUser(req);
    if (user.emailVerifiedAt !== null) throw new AppError(409, 'Your email address is already confirmed.', { code: 'email_already_confirmed' });
    await takeVerifyMail(ctx, req);
    await sendVerificationLink(ctx, user, siteUrl(ctx, req));
    res.json({ message: VERIFY_LINK_SENT });
  });

  return router;
}
