import { EmailSchema } from '../../../../sync/schemas/common';

export type ContactErrors = { email?: string; phone?: string };

/** Product rules §10.12: 'Enter email' and 'Enter mobile number' when empty; a typed e-mail must be valid. */
export function contactErrors(email: string, phone: string): ContactErrors {
  const errors: ContactErrors = {};
  if (!email.trim()) errors.email = 'Enter email';
  else if (!EmailSchema.safeParse(email).success) errors.email = 'A valid email is required';
  if (!phone.trim()) errors.phone = 'Enter mobile number';
  return errors;
}
