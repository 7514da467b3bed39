import { Router } from 'express';
import { ForgotPasswordBodySchema, RESET_REQUESTED, ResetPasswordBodySchema } from '../../sync/schemas/password-reset';
import type { AppContext } from '../context';
import { rateLimiters } from '../middleware/rate-limits';
import { requestPasswordReset, resetPassword } from '../services/identity/password-reset';
import { validate } from '../validate';
import { siteUrl } from './site-url';

export function passwordResetRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/auths/forgot', rateLimiters(ctx).passwordReset, rateLimiters(ctx).passwordResetAccount, async (req, res) => {
    const { email } = validate(ForgotPasswordBodySchema, req.body);
    await requestPasswordReset(ctx, email, siteUrl(ctx, req));
    res.json({ message: RESET_REQUESTED });
  });

  router.post('/auths/reset', rateLimiters(ctx).resetPassword, async (req, res) => {
    const { token, password } = validate(ResetPasswordBodySchema, req.body);
    await resetPassword(ctx, token, password);
    res.json({ message: 'Your password has been reset. You can log in now.' });
  });

  return router;
}
