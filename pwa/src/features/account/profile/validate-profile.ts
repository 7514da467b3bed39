import { EmailUpdateSchema, PasswordUpdateSchema, ProfileUpdateSchema } from '../../../../../sync/schemas/user';
import { schemaErrors, type FieldErrors } from '../../../components/form/form-errors';

export type PersonalInput = {
  fullName: string;
  email: string;
  phone: string;
  nationality: string;
  dob: string;
  gender: string;
  address: string;
};
export type EmailInput = { email: string; currentPassword: string };
export type PasswordInput = { currentPassword: string; newPassword: string; confirmPassword: string };

/** Product rules §10.12: 'Name and email are required.' (the server's own schema, so the texts cannot drift). */
export function personalErrors(values: PersonalInput): FieldErrors<PersonalInput> {
  return schemaErrors(ProfileUpdateSchema.pick({ fullName: true, email: true }), values);
}

/** Product rules §10.12: 'Email are required.'; and the current password, which an e-mail change needs. */
export function emailErrors(values: EmailInput): FieldErrors<EmailInput> {
  return schemaErrors(EmailUpdateSchema, values);
}

/** Product rules §10.12: the new password's length (the one rule, product rules §1.5), the confirmation, and the current password. */
export function passwordErrors(values: PasswordInput): FieldErrors<PasswordInput> {
  const errors: FieldErrors<PasswordInput> = schemaErrors(PasswordUpdateSchema, values);
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Password do not match';
  return errors;
}
