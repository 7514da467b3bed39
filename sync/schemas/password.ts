import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '../password-rule';

/** A new password (sync/password-rule.ts): a missing or wrong-typed one reads as too short. */
export const NewPasswordSchema = z.string({ error: PASSWORD_TOO_SHORT }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, PASSWORD_TOO_LONG);
