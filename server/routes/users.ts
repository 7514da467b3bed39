import { Router } from 'express';
import { EmailUpdateSchema, PasswordUpdateSchema, ProfileUpdateSchema, userUpdateSchemaFor } from '../../sync/schemas/user';
import type { AppContext } from '../context';
import { currentUser } from '../middleware/auth';
import { toUserJson, updateEmail, updatePassword, updateProfile } from '../services/users';
import { validate } from '../validate';
import { authAnswer } from './auth';

export function userRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/users', (req, res) => {
    res.json(toUserJson(currentUser(req)));
  });

  /** One of three payloads (profile, e-mail, password); a password change answers a fresh token. */
  router.put('/users/update', async (req, res) => {
    const user = currentUser(req);
    const schema = userUpdateSchemaFor(req.body);
    if (schema === PasswordUpdateSchema) {
      const updated = await updatePassword(ctx, user, validate(PasswordUpdateSchema, req.body));
      res.json({ message: 'Profile updated successfully!', ...authAnswer(ctx, updated) });
      return;
    }
    const updated =
      schema === ProfileUpdateSchema
        ? updateProfile(ctx, user.id, validate(ProfileUpdateSchema, req.body))
        : updateEmail(ctx, user.id, validate(EmailUpdateSchema, req.body));
    res.json({ message: 'Profile updated successfully!', user: toUserJson(updated) });
  });

  return router;
}
