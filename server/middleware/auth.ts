import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { AppError, unauthorized } from '../errors';
import { authorize, decide, type Permission } from '../policies';
import { readToken } from '../services/identity/tokens';
import type { UserRow } from '../actor';
import { callerById } from '../services/identity/users';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
    /** The bearer token is a disabled account's: a call that needs a session says so. */
    accountDisabled?: boolean;
  }
}

/**
 * What a bearer token opens: its user while the token is valid and not revoked and the account is not
 * disabled; `disabled` when it names a disabled account, whatever its token version (product rules §1.8).
 */
async function session(ctx: AppContext, token: string | undefined): Promise<{ user: UserRow | undefined; disabled: boolean }> {
  const claims = token ? readToken(ctx.jwtSecret, token) : null;
  if (!claims) return { user: undefined, disabled: false };
  const admits = (row: UserRow) => !row.disabledAt && row.tokenVersion === claims.tv;
  const user = await callerById(ctx.db, claims.sub, admits);
  if (!user) return { user: undefined, disabled: false };
  return { user: admits(user) ? user : undefined, disabled: Boolean(user.disabledAt) };
}

/** Resolves a bearer token to its user when the token is valid and not revoked and the account is not disabled; otherwise no user. */
export async function userFromToken(ctx: AppContext, token: string | undefined): Promise<UserRow | undefined> {
  return (await session(ctx, token)).user;
}

export const ACCOUNT_DISABLED = 'This account has been disabled. Contact SkyWay support.';
export const accountDisabled = (status: 401 | 403) => new AppError(status, ACCOUNT_DISABLED, { code: 'account_disabled' });

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export function authenticate(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const { user, disabled } = await session(ctx, bearerToken(req));
    req.user = user;
    req.accountDisabled = disabled;
    next();
  };
}

/** The caller, once `permission` (a rule about no particular object) lets them in; else its 401 or 403. */
export function caller(req: Request, permission: Permission): UserRow {
  if (!req.user && req.accountDisabled && decide(permission, undefined) === 401) throw accountDisabled(401);
  authorize(permission, req.user);
  if (!req.user) throw unauthorized();
  return req.user;
}

/** A route's gate as middleware: `router.put('/settings', gate('settings.edit'), handler)`. */
export function gate(permission: Permission) {
  return (req: Request, _res: Response, next: NextFunction) => {
    caller(req, permission);
    next();
  };
}

/** The signed-in caller; a guest chat token is not enough. */
export const currentUser = (req: Request): UserRow => caller(req, 'account');

/** Any caller with a token, guest chat users included. */
export const currentParticipant = (req: Request): UserRow => caller(req, 'chat');
