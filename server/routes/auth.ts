import { Router } from 'express';
import { LoginBodySchema, RegisterBodySchema } from '../../sync/schemas/user';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { accountDisabled, currentUser } from '../middleware/auth';
import { rateLimiters } from '../middleware/rate-limits';
import { sendVerificationLink } from '../services/identity/email-verification';
import { attemptKeys, clearFailures, countAttempt } from '../services/identity/lockout';
import { decoyHash, verifyPassword } from '../services/identity/passwords';
import { signToken } from '../services/identity/tokens';
import type { UserRow } from '../actor';
import { createUser, findUserByEmail, revokeTokens, toUserJson } from '../services/identity/users';
import { validate } from '../validate';
import { siteUrl } from './site-url';

export function authAnswer(ctx: AppContext, user: UserRow) {
  return { token: signToken(ctx.jwtSecret, user.id, user.tokenVersion), user: toUserJson(user) };
}

export function authRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/auths/register', rateLimiters(ctx).register, async (req, res) => {
    const body = validate(RegisterBodySchema, req.body);
    const user = await createUser(ctx, body);
    await sendVerificationLink(ctx, user, siteUrl(ctx, req));
    res.status(201).json(authAnswer(ctx, user));
  });

  router.post('/auths/login', rateLimiters(ctx).login, async (req, res) => {
    const body = validate(LoginBodySchema, req.body);
    const keys = attemptKeys(body.email, req.ip ?? 'unknown');
    // Counted before the check (per address and per account), so parallel guesses cannot all pass the limit; a success clears it.
    await countAttempt(ctx, keys);
    const user = await findUserByEmail(ctx.db, body.email);
    const ok = user?.role !== 'guest' && (await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password));
    if (!user || !ok) throw new AppError(401, 'Invalid email or password', { code: 'invalid_credentials' });
    await clearFailures(ctx, keys);
    // Said only to the one who knows the password: a wrong one reads the same for a disabled account.
    if (user.disabledAt) throw accountDisabled(403);
    res.json(authAnswer(ctx, user));
  });

  router.post('/auths/logout-all', async (req, res) => {
    await revokeTokens(ctx, currentUser(req));
    res.json({ message: 'Signed out everywhere' });
  });

  return router;
}
