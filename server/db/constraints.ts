import type { ErrorCode } from '../../sync/error-codes';
import { conflict, type AppError } from '../errors';

/** What a broken unique rule means to the person, by the index that refused the write. */
const REFUSALS: Record<string, { message: string; code: ErrorCode }> = {
  users_email_lower_unique: { message: 'An account with this email already exists', code: 'email_taken' },
  seat_allocations_active: { message: 'A seat is no longer available', code: 'seat_unavailable' },
  flights_number_date: { message: 'This flight number already flies on that day', code: 'already_exists' },
};
const GENERIC = 'This change conflicts with data already saved';

/** SQLite's SQLITE_CONSTRAINT_* codes; PostgreSQL's class 23, integrity constraint violation. */
const isConstraintCode = (code: string) => code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code);

/** The refusal, also as the cause of a driver's or drizzle's wrapper; its message names the index on both engines. */
function constraintError(error: unknown): { message: string } | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && isConstraintCode(current.code)) return current;
  }
  return undefined;
}

/**
 * A write refused by a database rule (unique, foreign key, check) is the same refusal on every retry,
 * so it is a business rejection (409), never a fault. Answers undefined for any other error.
 */
export function constraintRejection(error: unknown): AppError | undefined {
  const found = constraintError(error);
  if (!found) return undefined;
  const refusal = Object.entries(REFUSALS).find(([name]) => found.message.includes(name))?.[1];
  return refusal ? conflict(refusal.message, refusal.code) : conflict(GENERIC);
}
