import jwt from 'jsonwebtoken';
import { z } from 'zod';

const ClaimsSchema = z.object({ sub: z.string(), tv: z.number().int() });
export type Claims = z.infer<typeof ClaimsSchema>;

export function signToken(secret: string, userId: string, tokenVersion: number, expiresIn: jwt.SignOptions['expiresIn'] = '7d'): string {
  return jwt.sign({ tv: tokenVersion }, secret, { algorithm: 'HS256', subject: userId, expiresIn });
}

/** Returns the claims of a valid HS256 token, or null for anything else. */
export function readToken(secret: string, token: string): Claims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    const parsed = ClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
