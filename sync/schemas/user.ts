import { z } from 'zod';
import { GENDERS, ROLES } from '../constants';
import { EmailSchema, requiredString } from './common';
import { PASSWORD_MAX, PASSWORD_TOO_LONG } from '../password-rule';
import { NewPasswordSchema } from './password';

export const UserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  nationality: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  address: z.string().nullable(),
  image: z.string().nullable(),
  whatsApp: z.string().nullable(),
  role: z.enum(ROLES),
  /** The owner followed the link mailed to `email`; until then no booking mail is sent there. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

const PasswordLoginSchema = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_TOO_LONG);

export const LoginBodySchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254, 'Email is required'),
  password: PasswordLoginSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  fullName: requiredString('Full name is required', 100),
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const ProfileUpdateSchema = z.object({
  fullName: requiredString('Name and email are required.', 100),
  email: z
    .string({ error: 'Name and email are required.' })
    .trim()
    .toLowerCase()
    .min(1, 'Name and email are required.')
    .max(254, 'A valid email is required')
    .pipe(z.email('A valid email is required')),
  phone: z.string().trim().max(40).optional(),
  nationality: z.string().trim().max(80).optional(),
  dob: z.string().trim().max(10).optional(),
  gender: z.enum(GENDERS).optional(),
  address: z.string().trim().max(300).optional(),
});

/** The profile payload and the sync outbox never change the e-mail: a new one needs the current password. */
export const EMAIL_NEEDS_PASSWORD = 'To change your email, use Update email: it asks for your current password.';

const CurrentPasswordSchema = z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX, PASSWORD_TOO_LONG);

/** A new e-mail needs the current password; it is sent online only, never queued on the device. */
export const EmailUpdateSchema = z.object({
  email: z
    .string({ error: 'Email are required.' })
    .trim()
    .toLowerCase()
    .min(1, 'Email are required.')
    .max(254, 'A valid email is required')
    .pipe(z.email('A valid email is required')),
  currentPassword: CurrentPasswordSchema,
});

export const PasswordUpdateSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});

export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type EmailUpdate = z.infer<typeof EmailUpdateSchema>;
export type PasswordUpdate = z.infer<typeof PasswordUpdateSchema>;

/** PUT /users/update takes one of three payloads; which one is told by its keys. */
export function userUpdateSchemaFor(body: unknown) {
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  if (keys.includes('newPassword')) return PasswordUpdateSchema;
  if (keys.includes('fullName')) return ProfileUpdateSchema;
  if (keys.includes('email')) return EmailUpdateSchema;
  return keys.includes('currentPassword') ? PasswordUpdateSchema : EmailUpdateSchema;
}
