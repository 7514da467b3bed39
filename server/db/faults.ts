import { NotNow } from '../errors';

export const LOCKED_MESSAGE = 'SkyWay cannot take new changes right now. Please try again in a moment.';
export const FULL_MESSAGE = 'SkyWay cannot take new changes right now: its storage is full. Please try again later.';
export const UPLOADS_FULL_MESSAGE = 'SkyWay cannot take new uploads right now: its storage is nearly full. Please try again later.';

export const lockedAnswer = () => new NotNow(503, LOCKED_MESSAGE, 2);
export const fullAnswer = () => new NotNow(507, FULL_MESSAGE, 30);
export const uploadsFullAnswer = () => new NotNow(507, UPLOADS_FULL_MESSAGE, 30);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

/**
 * PostgreSQL's passing refusals: a lost or refused connection (class 08, the server shutting down or
 * starting 57P01-57P03, too many connections 53300) and a serialization failure or deadlock (40001, 40P01).
 */
const PASSING_PG = /^(08\d{3}|57P0[123]|53300|40001|40P01)$/;
const PASSING_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * SQLITE_BUSY (another process holds the write lock past the busy timeout), SQLITE_LOCKED and their
 * extended codes; on PostgreSQL a database that cannot take the change now (the same 503 and retry).
 */
export function isLockedError(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = codeOf(current) ?? '';
    if (/^SQLITE_(BUSY|LOCKED)/.test(code) || PASSING_PG.test(code) || PASSING_NODE.has(code)) return true;
  }
  return false;
}

/** SQLITE_FULL from the database, ENOSPC or EDQUOT from a file write (images, backups). */
export function isFullError(error: unknown): boolean {
  const code = codeOf(error) ?? '';
  return code.startsWith('SQLITE_FULL') || code === 'ENOSPC' || code === 'EDQUOT';
}

/** The answer a machine fault gets instead of a generic 500, if it is one. */
export function faultAnswer(error: unknown): NotNow | undefined {
  if (isLockedError(error)) return lockedAnswer();
  if (isFullError(error)) return fullAnswer();
  return undefined;
}

/** How long a write waits, in all, for another process to let the write lock go. */
export const WRITE_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the write `work` and runs it again, after an asynchronous pause, while another
 * process holds the write lock (SQLITE_BUSY, also as a cause), for up to WRITE_WAIT_MS; then 503.
 * `work` must be safe to repeat after a lock error: one transaction, rolled back whole, with its
 * after-commit effects behind it.
 */
export async function whenWritable<T>(work: () => Promise<T>, waitMs = WRITE_WAIT_MS): Promise<T> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      const cause: unknown = error instanceof Error ? error.cause : undefined;
      if (!isLockedError(error) && !isLockedError(cause)) throw error;
      if (performance.now() >= deadline) throw lockedAnswer();
      await sleep(5 + Math.random() * 20);
    }
  }
}
