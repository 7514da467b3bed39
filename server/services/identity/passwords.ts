import argon2 from 'argon2';

/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  dummyHash ??= hashPassword('decoy-password-never-matches');
  return dummyHash;
}
