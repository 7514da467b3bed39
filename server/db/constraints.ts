import type { ErrorCode } from '../../sync/error-codes';
import { AppError, conflict } from '../errors';

/**
 * The seat PostgreSQL names in its refusal's detail, `Key (flight_id, seat_label)=(…, D2) already exists.`;
 * SQLite names none (holdSeats names it there, where the insert's own error is at hand).
 */
function seatMessage(detail: string | undefined): string {
  const seat = /\(flight_id, seat_label\)=\([^,]*, ([^)]*)\)/.exec(detail ?? '')?.[1];
  return seat ? `Seat ${seat} is no longer available` : 'A seat is no longer available';
}

/** What a broken unique rule means to the person, by the index that refused the write. */
const REFUSALS: Record<string, { message: string | ((detail: string | undefined) => string); code: ErrorCode }> = {
  users_email_lower_unique: { message: 'An account with this email already exists', code: 'email_taken' },
  seat_allocations_active: { message: seatMessage, code: 'seat_unavailable' },
  flights_number_date: { message: 'This flight number already flies on that day', code: 'already_exists' },
};
const GENERIC = 'This change conflicts with data already saved';

/**
 * PostgreSQL refuses text it cannot hold (a NUL character: 22021; 22P05 for its conversions), which
 * SQLite stores; the request is at fault, the same on every retry.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
const UNSTORABLE_MESSAGE = 'Text may not contain a NUL character';

/** SQLite's SQLITE_CONSTRAINT_* codes; PostgreSQL's class 23, integrity constraint violation. */
const isConstraintCode = (code: string) => code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code);

/** The refusal, also as the cause of a driver's or drizzle's wrapper; its message names the index on both engines. */
function refusalError(error: unknown): { message: string; code: string; detail: string | undefined } | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && (isConstraintCode(current.code) || UNSTORABLE_TEXT.has(current.code))) {
      const detail = 'detail' in current && typeof current.detail === 'string' ? current.detail : undefined;
      return { message: current.message, code: current.code, detail };
    }
  }
  return undefined;
}

/**
 * A write refused by a database rule (unique, foreign key, check) is the same refusal on every retry,
 * so it is a business rejection (409), never a fault; text PostgreSQL cannot hold is the request's
 * fault (400). Answers undefined for any other error.
 */
export function constraintRejection(error: unknown): AppError | undefined {
  const found = refusalError(error);
  if (!found) return undefined;
  if (UNSTORABLE_TEXT.has(found.code)) return new AppError(400, UNSTORABLE_MESSAGE, { code: 'invalid_input' });
  const refusal = Object.entries(REFUSALS).find(([name]) => found.message.includes(name))?.[1];
  if (!refusal) return conflict(GENERIC);
  return conflict(typeof refusal.message === 'string' ? refusal.message : refusal.message(found.detail), refusal.code);
}
