import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { authorize, type Permission } from '../policies';
import { readToken } from '../services/identity/tokens';
import { findUserById, type UserRow } from '../services/identity/users';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
  }
}

/** Resolves a bearer token to its user when the token is valid and not revoked; otherwise no user. */
export function userFromToken(ctx: AppContext, token: string | undefined): UserRow | undefined {
  if (!token) return undefined;
  const claims = readToken(ctx.jwtSecret, token);
  if (!claims) return undefined;
  const user = findUserById(ctx.db, claims.sub);
  return user && user.tokenVersion === claims.tv ? user : undefined;
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export function authenticate(ctx: AppContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.user = userFromToken(ctx, bearerToken(req));
    next();
  };
}

/** The caller, once `permission` (a rule about no particular object) lets them in; else its 401 or 403. */
export function caller(req: Request, permission: Permission): UserRow {
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
