import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { inImageQueue } from '../services/images/image-queue';

/** A job that runs until the test lets it finish, and says when it started. */
function gate() {
  let open: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (open = resolve));
  const state = { started: false };
  const job = async () => {
    state.started = true;
    await finished;
    return 'done';
  };
  return { job, state, open: () => open() };
}

const refusal = async (running: Promise<unknown>) => {
  const error: unknown = await running.catch((e: unknown) => e);
  return error instanceof AppError ? { status: error.status, message: error.message } : error;
};

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the image queue', () => {
  it('runs one job at a time, in order, behind a line of eight; a caller has at most two jobs in it', async () => {
    const first = gate();
    const running = inImageQueue('user:a', first.job);
    await settle();
    expect(first.state.started).toBe(true);

    const second = gate();
    const queued = inImageQueue('user:a', second.job);
    expect(await refusal(inImageQueue('user:a', () => Promise.resolve('third')))).toEqual({
      status: 429,
      message: 'Please wait until your other images have finished uploading.',
    });

    const others = Array.from({ length: 7 }, () => gate());
    const waiting = others.map((g, i) => inImageQueue(`user:${i}`, g.job));
    expect(await refusal(inImageQueue('user:late', () => Promise.resolve('late')))).toEqual({
      status: 503,
      message: 'We are busy processing other images. Please try again in a minute.',
    });
    await settle();
    expect([second, ...others].some((g) => g.state.started)).toBe(false);

    first.open();
    expect(await running).toBe('done');
    await settle();
    expect(second.state.started).toBe(true);
    expect(others.some((g) => g.state.started)).toBe(false);
    const again = inImageQueue('user:a', () => Promise.resolve('a again'));
    second.open();
    await queued;
    for (const g of others) {
      await settle();
      expect(g.state.started).toBe(true);
      g.open();
    }
    expect(await Promise.all(waiting)).toEqual(others.map(() => 'done'));
    expect(await again).toBe('a again');
  });

  it('a failing job passes the turn on and frees its caller', async () => {
    await expect(inImageQueue('user:b', () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await inImageQueue('user:b', () => Promise.resolve('next'))).toBe('next');
  });
});
