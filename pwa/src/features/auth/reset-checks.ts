import { EmailSchema } from '../../../../sync/schemas/common';
import { ResetPasswordBodySchema } from '../../../../sync/schemas/password-reset';
import type { FieldErrors } from './validate-auth';

export type ForgotInput = { email: string };
export type ResetInput = { password: string; confirmPassword: string };

export function forgotErrors({ email }: ForgotInput): FieldErrors<ForgotInput> {
  return EmailSchema.safeParse(email).success ? {} : { email: 'A valid email is required' };
}

/** The server's password rule (ResetPasswordBodySchema), and the confirmation must match. */
export function resetErrors({ password, confirmPassword }: ResetInput): FieldErrors<ResetInput> {
  const errors: FieldErrors<ResetInput> = {};
  const rule = ResetPasswordBodySchema.shape.password.safeParse(password);
  if (!rule.success) errors.password = rule.error.issues[0]?.message;
  if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
