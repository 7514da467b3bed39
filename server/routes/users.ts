import { Router, type RequestHandler } from 'express';
import { EmailUpdateSchema, PasswordUpdateSchema, ProfileUpdateSchema, userUpdateSchemaFor } from '../../sync/schemas/user';
import type { AppContext } from '../context';
import { currentUser } from '../middleware/auth';
import { rateLimiters } from '../middleware/rate-limits';
import { toUserJson, updateEmail, updatePassword, updateProfile } from '../services/users';
import { validate } from '../validate';
import { authAnswer } from './auth';

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
   * password and sign the account out everywhere else; they answer a fresh token for this device.
   */
  router.put('/users/update', limitPasswordChecks, async (req, res) => {
    const user = currentUser(req);
    const schema = userUpdateSchemaFor(req.body);
    if (schema === ProfileUpdateSchema) {
      const updated = updateProfile(ctx, user, validate(ProfileUpdateSchema, req.body));
      res.json({ message: 'Profile updated successfully!', user: toUserJson(updated) });
      return;
    }
    const updated =
      schema === PasswordUpdateSchema
        ? await updatePassword(ctx, user, validate(PasswordUpdateSchema, req.body))
        : await updateEmail(ctx, user, validate(EmailUpdateSchema, req.body));
    res.json({ message: 'Profile updated successfully!', ...authAnswer(ctx, updated) });
  });

  return router;
}
