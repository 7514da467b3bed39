/**
 * Why a request or a queued change was refused, as a stable machine-readable reason. The server puts it
 * in every error body (`code`, beside `message` and `errors`) and in a sync `MutationResult.code`; the
 * app branches on these codes only, never on the English message.
 */
export const ERROR_CODES = [
  // generic, one per status
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'database_locked',
  'storage_full',
  'busy',
  // bookings and seats
  'seat_unavailable',
  'fare_changed',
  'hold_limit_reached',
  'booking_not_pending',
  'booking_not_cancellable',
  'departed',
  'check_in_not_open',
  'check_in_closed',
  'flight_cancelled',
  'no_refund_due',
  'refund_already_paid',
  'invalid_boarding_pass',
  // payments
  'payment_already_decided',
  'payment_deadline_passed',
  'payment_locked',
  'payment_awaiting_review',
  // accounts
  'invalid_credentials',
  'account_locked',
  'account_throttled',
  'email_taken',
  'email_already_confirmed',
  'invalid_link',
  'account_disabled',
  'last_admin',
  // catalogue
  'already_exists',
  'in_use',
  // images
  'invalid_image',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<unknown>(ERROR_CODES);

/**
 * Whether `value` is one of the codes. NOTE: no zod here: the app's API client runs this on every
 * page, and zod is not part of a first visit's JavaScript (docs/decisions/005); the schema is in
 * schemas/common.ts.
 */
export function isErrorCode(value: unknown): value is ErrorCode {
  return known.has(value);
}
