/**
 * The one rule for a new password (product rules §1.5): sign-up, a reset link and a password change.
 * No zod here, so the log-in and sign-up pages check it without loading zod (docs/decisions/005); the
 * servers' schema is `NewPasswordSchema` (schemas/password.ts), built from these.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters long`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;
/** The hint forms show beside a new password. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

/** What is wrong with a new password, or undefined when it keeps the rule. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  return password.length > PASSWORD_MAX ? PASSWORD_TOO_LONG : undefined;
}
