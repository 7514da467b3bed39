import { AppError } from '../../errors';

/**
 * NOTE: sharp runs each call on one of libuv's four pool threads, the pool that file serving, zlib and
 * argon2 share: eight large images at once would stall every sign-in and served file. So image work
 * takes turns here, one job at a time (libvips still uses every core inside it), behind a short line;
 * one caller (one address, for uploads) has at most two jobs running or waiting, so nobody fills the line alone.
 */
const WAITING_MAX = 8;
const PER_CALLER_MAX = 2;

let busy = false;
const waiting: (() => void)[] = [];
const perCaller = new Map<string, number>();

const BUSY = 'We are busy processing other images. Please try again in a minute.';
const YOURS = 'Please wait until your other images have finished uploading.';

async function takeTurn(): Promise<void> {
  if (!busy) {
    busy = true;
    return;
  }
  if (waiting.length >= WAITING_MAX) throw new AppError(503, BUSY, { code: 'busy' });
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** The turn passes straight to the next in line, so nobody can slip in between. */
function passTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else busy = false;
}

/** Runs `job` when it is its turn; refuses at once (429, 503) rather than letting the line grow. */
export async function inImageQueue<T>(callerKey: string, job: () => Promise<T>): Promise<T> {
  const mine = perCaller.get(callerKey) ?? 0;
  if (mine >= PER_CALLER_MAX) throw new AppError(429, YOURS);
  perCaller.set(callerKey, mine + 1);
  try {
    await takeTurn();
    try {
      return await job();
    } finally {
      passTurn();
    }
  } finally {
    const left = (perCaller.get(callerKey) ?? 1) - 1;
    if (left > 0) perCaller.set(callerKey, left);
    else perCaller.delete(callerKey);
  }
}
