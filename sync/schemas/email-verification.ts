import { z } from 'zod';

export const VERIFY_LINK_INVALID = 'This confirmation link is invalid or has expired';
export const EMAIL_VERIFIED = 'Your email address is confirmed.';
export const VERIFY_LINK_SENT = 'We sent a new confirmation link to your email address.';

export const VerifyEmailBodySchema = z.object({
  token: z.string({ error: VERIFY_LINK_INVALID }).trim().min(20, VERIFY_LINK_INVALID).max(200, VERIFY_LINK_INVALID),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;
