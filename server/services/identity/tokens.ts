import { createHash, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

const ClaimsSchema = z.object({ sub: z.string(), tv: z.number().int() });
export type Claims = z.infer<typeof ClaimsSchema>;

export function signToken(secret: string, userId: string, tokenVersion: number, expiresIn: jwt.SignOptions['expiresIn'] = '7d'): string {
  return jwt.sign({ tv: tokenVersion }, secret, { algorithm: 'HS256', subject: userId, expiresIn });
}

const VerifiedSchema = ClaimsSchema.extend({ exp: z.number() });
type Verified = z.infer<typeof VerifiedSchema>;

/** Tokens already verified, by secret and token, until they expire; verification costs more than the rest of a request. */
const verified = new Map<string, Verified>();
const MAX_CACHED = 5_000;

function verify(secret: string, token: string): Verified | null {
  try {
    const parsed = VerifiedSchema.safeParse(jwt.verify(token, secret, { algorithms: ['HS256'] }));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Returns the claims of a valid, unexpired HS256 token, or null for anything else. */
export function readToken(secret: string, token: string): Claims | null {
  const key = `${secret}\u0000${token}`;
  const claims = verified.get(key) ?? verify(secret, token);
  if (!claims || claims.exp * 1000 <= Date.now()) {
    verified.delete(key);
    return null;
  }
  if (!verified.has(key)) {
    if (verified.size >= MAX_CACHED) verified.clear();
    verified.set(key, claims);
  }
  return { sub: claims.sub, tv: claims.tv };
}

/** A mailed link's token: 256 random bits, of which the database keeps only the SHA-256. */
export const newLinkToken = () => randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
