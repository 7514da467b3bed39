import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { PaymentCreateBody } from '../../sync/schemas/payment';
import type { AppContext, BookingRunner } from '../context';
import { noteCatalogueWrites } from '../db/catalogue-writes';
import { noteLocalWrite, type Db } from '../db/client';
import { BOOKING_THREAD, releaseWriteLock, writeLockOf } from '../db/thread-lock';
import type { Env } from '../env';
import { AppError, NotNow, type FieldError } from '../errors';
import type { MutationCount } from '../metrics/mutations';
import type { Pending } from '../outbox/outbox';
import type { UserRow } from '../actor';
import { bookAndPay } from './book-and-pay';

/** A booking for the thread: who books, the parsed body, and the server's clock and address at the time. */
export type BookingJob = { id: number; user: UserRow; body: PaymentCreateBody; nowMs: number; siteUrl: string };

/** What went wrong on the thread, as the server's thread rebuilds it (an AppError, or an error with a driver code). */
export type ThreadFailure = { message: string; status?: number; code?: string; errors?: FieldError[]; retryAfterSeconds?: number; stack?: string };

/**
 * A job's outcome, and what its transaction recorded and wrote whether or not the answer failed after the
 * commit; `counted`: how its mutation ended, for the server's thread to count (metrics/mutations.ts).
 */
export type BookingDone = { id: number; pending: Pending; catalogue: string[]; counted: MutationCount[] } & (
  { ok: true; answer: string } | { ok: false; failure: ThreadFailure }
);

/** `lock`: the write lock word the thread shares with the server's (db/thread-lock.ts). */
export type ThreadSetup = { file: string; env: Env; owner: string; lock: Int32Array };

/**
 * NOTE: the process's `--import tsx` does not reach worker threads, so the thread registers tsx itself
 * before it loads its TypeScript entry (docs/decisions/017, addendum).
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;

export function toFailure(error: unknown): ThreadFailure {
  if (error instanceof NotNow) return { message: error.message, status: error.status, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof AppError) return { message: error.message, status: error.status, code: error.code, errors: error.errors };
  if (!(error instanceof Error)) return { message: String(error) };
  const code: unknown = Reflect.get(error, 'code');
  return { message: error.message, stack: error.stack, ...(typeof code === 'string' && { code }) };
}

export function fromFailure(failure: ThreadFailure): Error {
  const { status, message } = failure;
  if (status === 503 || status === 507) return new NotNow(status, message, failure.retryAfterSeconds ?? 2);
  if (status !== undefined) return new AppError(status, message, { code: failure.code as AppError['code'], errors: failure.errors });
  // NOTE: the thread's own stack, so a 500's log line shows where the booking failed.
  return Object.assign(new Error(message), failure.code && { code: failure.code }, failure.stack && { stack: failure.stack });
}

type Running = { worker: Worker; waiting: Map<number, { resolve: (done: BookingDone) => void; reject: (error: Error) => void }> };

/**
 * Bookings on a thread of their own (docs/decisions/019): a booking is the heaviest request, about half
 * of a mixed load's CPU. The thread runs the same mutation on its own connection to the SQLite file and
 * hands back the answer, the effects it recorded (claimed by this process's outbox, which sends them) and
 * the routes and days it wrote, so kept searches of those are built again. The two threads' writes take
 * turns on a shared lock word (db/thread-lock.ts). Started at the first booking, and again after a failure.
 */
export class BookingThread implements BookingRunner {
  /** The running thread and the jobs it owes an answer; replaced only once it has exited. */
  private current: Running | undefined;
  private nextId = 1;
  private readonly lock: Int32Array;

  constructor(
    private readonly db: Db,
    private readonly setup: Omit<ThreadSetup, 'lock'>,
    private readonly log: Logger,
  ) {
    this.lock = writeLockOf(db.$client);
  }

  /** bookAndPay on the thread: the answer's JSON text, once its effects are dispatched and its writes counted here. */
  async book(ctx: AppContext, user: UserRow, body: PaymentCreateBody): Promise<string> {
    const done = await this.run({ id: this.nextId++, user, body, nowMs: ctx.now().getTime(), siteUrl: ctx.siteUrl });
    noteLocalWrite();
    noteCatalogueWrites(this.db.$client, done.catalogue);
    ctx.outbox.dispatch(done.pending);
    for (const counted of done.counted) ctx.metrics.count(counted);
    if (!done.ok) throw fromFailure(done.failure);
    return done.answer;
  }

  async stop(): Promise<void> {
    await this.current?.worker.terminate();
  }

  private run(job: BookingJob): Promise<BookingDone> {
    const { worker, waiting } = this.started();
    return new Promise((resolve, reject) => {
      waiting.set(job.id, { resolve, reject });
      worker.postMessage(job);
    });
  }

  private started(): Running {
    if (this.current) return this.current;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: {
        ...this.setup,
        lock: this.lock,
        tsx: import.meta.resolve('tsx/esm/api'),
        entry: new URL('./booking-thread-worker.ts', import.meta.url).href,
      },
    });
    worker.unref();
    const current: Running = { worker, waiting: new Map() };
    worker.on('message', (done: BookingDone) => {
      current.waiting.get(done.id)?.resolve(done);
      current.waiting.delete(done.id);
    });
    worker.on('error', (error) => this.log.error({ err: error }, 'the booking thread failed; the next booking starts it again'));
    // NOTE: a new thread starts only after this one has exited, so the lock word it may have held is freed first.
    worker.on('exit', (code) => {
      this.current = undefined;
      releaseWriteLock(this.lock, BOOKING_THREAD);
      for (const waiter of current.waiting.values()) waiter.reject(new Error(`the booking thread exited with ${code}`));
    });
    this.current = current;
    return current;
  }
}

/** The answer of a booking: on the thread when the server has one (SQLite), here otherwise (PostgreSQL). */
export function book(ctx: AppContext, user: UserRow, body: PaymentCreateBody): Promise<string> {
  return ctx.bookingThread ? ctx.bookingThread.book(ctx, user, body) : bookAndPay(ctx, user, body);
}
