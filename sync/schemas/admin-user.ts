import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../constants';

/** The roles an admin gives on the users page; guests (support-chat visitors) are not accounts and are not listed. */
export const ACCOUNT_ROLES = ['user', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** GET /admin/users: accounts (never guests) whose name or e-mail contains `search`, newest first. */
export const UserSearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ACCOUNT_ROLES).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;

/** PUT /admin/users/{id}/role */
export const UserRoleBodySchema = z.object({ role: z.enum(ACCOUNT_ROLES, { error: 'Role must be user or admin' }) });
/** PUT /admin/users/{id}/status: a disabled account cannot sign in and its sessions end at once. */
export const UserStatusBodySchema = z.object({ status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be active or disabled' }) });

/** An account as the users page lists it. */
export const AccountSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  disabledAt: z.string().nullable(),
  emailVerified: z.boolean(),
  bookings: z.number(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** One of the account's bookings on its page: enough to recognise it and open it. */
export const AccountBookingSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** 'SW1234 LOS-LHR', and the return leg's after ' / '. */
  flights: z.string(),
  departureTime: z.string(),
  total: z.number(),
  createdAt: z.string(),
});
export type AccountBooking = z.infer<typeof AccountBookingSchema>;

/** GET /admin/users/{id}: the account and its bookings (newest first, at most 200). */
export const AccountDetailSchema = z.object({ user: AccountSchema, bookings: z.array(AccountBookingSchema) });
export type AccountDetail = z.infer<typeof AccountDetailSchema>;
