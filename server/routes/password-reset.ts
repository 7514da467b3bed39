import type { Request } from 'express';
import { Router } from 'express';
import { ForgotPasswordBodySchema, RESET_REQUESTED, ResetPasswordBodySchema } from '../../sync/schemas/password-reset';
import type { AppContext } from '../context';
import { rateLimiters } from '../middleware/rate-limits';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { validate } from '../validate';

/**
 * Where the mailed link points. NOTE: never the request's Host header, which a caller controls
 * (reset-link poisoning): PUBLIC_URL, else the address this server itself listens on.
 */
function siteUrl(ctx: AppContext, req: Request): string {
  if (ctx.env.PUBLIC_URL) return ctx.env.PUBLIC_URL.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::'].includes(ctx.env.HOST) ? 'localhost' : ctx.env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${req.socket.localPort ?? ctx.env.PORT}`;
}

export function passwordResetRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/auths/forgot', rateLimiters(ctx).passwordReset, rateLimiters(ctx).passwordResetAccount, (req, res) => {
    const { email } = validate(ForgotPasswordBodySchema, req.body);
    requestPasswordReset(ctx, email, siteUrl(ctx, req));
    res.json({ message: RESET_REQUESTED });
  });

  router.post('/auths/reset', rateLimiters(ctx).resetPassword, async (req, res) => {
    const { token, password } = validate(ResetPasswordBodySchema, req.body);
    await resetPassword(ctx, token, password);
    res.json({ message: 'Your password has been reset. You can log in now.' });
  });

  return router;
}
