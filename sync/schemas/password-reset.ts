import { z } from 'zod';
import { EmailSchema } from './common';
import { NewPasswordSchema } from './password';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';
export const RESET_REQUESTED = 'If an account exists, we sent a reset link';

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });

export const ResetPasswordBodySchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).trim().min(20, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: NewPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;
