import { Router, type RequestHandler } from 'express';
import { EmailUpdateSchema, PasswordUpdateSchema, ProfileUpdateSchema, userUpdateSchemaFor } from '../../sync/schemas/user';
import type { AppContext } from '../context';
import { currentUser } from '../middleware/auth';
import { rateLimiters } from '../middleware/rate-limits';
import { sendVerificationLink } from '../services/identity/email-verification';
import { runMutation } from '../mutations/run';
import { updateProfile } from '../mutations/update-profile';
import { toUserJson, updateEmail, updatePassword } from '../services/identity/users';
import { validate } from '../validate';
import { authAnswer } from './auth';
import { takeVerifyMail } from './email-verification';
import { siteUrl } from './site-url';

export function userRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/users', (req, res) => {
    res.json(toUserJson(currentUser(req)));
  });

  /** Wrong current passwords are counted per account, only on valid payloads that check one. */
  const limitPasswordChecks: RequestHandler = (req, res, next) => {
    const schema = userUpdateSchemaFor(req.body);
    if (schema === ProfileUpdateSchema || !schema.safeParse(req.body).success) next();
    else void rateLimiters(ctx).currentPassword(req, res, next);
  };

  /**
   * One of three payloads (profile, e-mail, password). The e-mail and password changes need the current
   * password and sign the account out everywhere else; they answer a fresh token for this device. A new
   * e-mail is mailed a confirmation link (counted like a resent one).
   */
  router.put('/users/update', limitPasswordChecks, async (req, res) => {
    const user = currentUser(req);
    const schema = userUpdateSchemaFor(req.body);
    if (schema === ProfileUpdateSchema) {
      const updated = await runMutation(ctx, updateProfile, user, validate(ProfileUpdateSchema, req.body));
      res.json({ message: 'Profile updated successfully!', user: toUserJson(updated) });
      return;
    }
    if (schema === PasswordUpdateSchema) {
      res.json({ message: 'Profile updated successfully!', ...authAnswer(ctx, await updatePassword(ctx, user, validate(PasswordUpdateSchema, req.body))) });
      return;
    }
    const body = validate(EmailUpdateSchema, req.body);
    await takeVerifyMail(ctx, req);
    const updated = await updateEmail(ctx, user, body);
    await sendVerificationLink(ctx, updated, siteUrl(ctx, req));
    res.json({ message: 'Profile updated successfully!', ...authAnswer(ctx, updated) });
  });

  return router;
}
