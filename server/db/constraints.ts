import type { ErrorCode } from '../../sync/error-codes';
import { conflict, type AppError } from '../errors';

/** What a broken unique rule means to the person, by the index that refused the write. */
const REFUSALS: Record<string, { message: string; code: ErrorCode }> = {
  users_email_lower_unique: { message: 'An account with this email already exists', code: 'email_taken' },
  seat_allocations_active: { message: 'A seat is no longer available', code: 'seat_unavailable' },
  flights_number_date: { message: 'This flight number already flies on that day', code: 'already_exists' },
};
const GENERIC = 'This change conflicts with data already saved';

function sqliteConstraint(error: unknown): { message: string } | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && current.code.startsWith('SQLITE_CONSTRAINT')) return current;
  }
  return undefined;
}

/**
 * A write refused by a database rule (unique, foreign key, check) is the same refusal on every retry,
 * so it is a business rejection (409), never a fault. Answers undefined for any other error.
 */
export function constraintRejection(error: unknown): AppError | undefined {
  const found = sqliteConstraint(error);
  if (!found) return undefined;
  const refusal = Object.entries(REFUSALS).find(([name]) => found.message.includes(name))?.[1];
  return refusal ? conflict(refusal.message, refusal.code) : conflict(GENERIC);
}
