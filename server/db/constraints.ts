import { conflict, type AppError } from '../errors';

/** What a broken unique rule means to the person, by the index that refused the write. */
const MESSAGES: Record<string, string> = {
  users_email_lower_unique: 'An account with this email already exists',
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
  const index = Object.keys(MESSAGES).find((name) => found.message.includes(name));
  return conflict(index ? (MESSAGES[index] ?? GENERIC) : GENERIC);
}
