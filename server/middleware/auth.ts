import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../errors';
import { readToken } from '../services/tokens';
import { findUserById, type UserRow } from '../services/users';

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

/** The signed-in caller; a guest chat token is not enough. */
export function currentUser(req: Request): UserRow {
  if (!req.user || req.user.role === 'guest') throw unauthorized();
  return req.user;
}

/** Any caller with a token, guest chat users included. */
export function currentParticipant(req: Request): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function currentAdmin(req: Request): UserRow {
  const user = currentUser(req);
  if (user.role !== 'admin') throw forbidden();
  return user;
}

export const requireUser = (req: Request, _res: Response, next: NextFunction) => {
  currentUser(req);
  next();
};

/** Owners and admins may touch an object; anyone else gets a 404, never the data. */
export function canAccess(user: UserRow, ownerId: string): boolean {
  return user.role === 'admin' || user.id === ownerId;
}
