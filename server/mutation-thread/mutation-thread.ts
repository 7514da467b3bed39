import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { UserRow } from '../actor';
import { noteCatalogueWrites } from '../db/catalogue-writes';
import type Database from 'better-sqlite3';
import { BOOKING_THREAD, releaseWriteLock, writeLockOf } from '../db/thread-lock';
import type { Env } from '../env';
import { AppError, NotNow, type FieldError } from '../errors';
import type { MutationCount } from '../metrics/mutations';
import type { Mutation } from '../mutations/mutation';
import type { MutationHost, MutationThread as ThreadPort } from '../mutations/run';
import type { Pending } from '../outbox/outbox';

/** A mutation for the thread, by its name: who makes it, its parsed arguments, and the server's clock and address at the time. */
export type MutationJob = { id: number; mutation: string; user: UserRow; args: unknown; nowMs: number; siteUrl: string };

/** What went wrong on the thread, as the server's thread rebuilds it (an AppError, or an error with a driver code). */
export type ThreadFailure = { message: string; status?: number; code?: string; errors?: FieldError[]; retryAfterSeconds?: number; stack?: string };

/**
 * A job's outcome, and what its transaction recorded and wrote whether or not the answer failed after the
 * commit; `counted`: how its mutation ended, for the server's thread to count (metrics/mutations.ts).
 */
export type MutationDone = { id: number; pending: Pending; catalogue: string[]; counted: MutationCount[] } & (
  { ok: true; result: unknown } | { ok: false; failure: ThreadFailure }
);

/** `lock`: the write lock word the thread shares with the server's (db/thread-lock.ts). */
export type ThreadSetup = { file: string; env: Env; jwtSecret: string; owner: string; lock: Int32Array };

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

type Running = { worker: Worker; waiting: Map<number, { resolve: (done: MutationDone) => void; reject: (error: Error) => void }> };

/**
 * Chosen mutations on a thread of their own (docs/decisions/019): bookings, the heaviest request, about
 * half of a mixed load's CPU. The thread runs runMutation, by the mutation's name, on its own connection to
 * the SQLite file and hands back the result, the effects it recorded (claimed by this process's outbox,
 * which sends them), how it ended (counted here) and the routes and days it wrote, so kept searches of
 * those are built again. The two threads' writes take turns on a shared lock word (db/thread-lock.ts).
 * Started at the first such mutation, and again after a failure.
 */
export class MutationThread implements ThreadPort {
  /** The running thread and the jobs it owes an answer; replaced only once it has exited. */
  private current: Running | undefined;
  private nextId = 1;
  private readonly lock: Int32Array;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly setup: Omit<ThreadSetup, 'lock'>,
    private readonly log: Logger,
    private readonly names: ReadonlySet<string>,
  ) {
    this.lock = writeLockOf(sqlite);
  }

  takes(mutationName: string): boolean {
    return this.names.has(mutationName);
  }

  async run<S extends z.ZodType, R>(host: MutationHost, mutation: Mutation<S, R>, user: UserRow, args: z.output<S>): Promise<R> {
    const job = { id: this.nextId++, mutation: mutation.name, user, args, nowMs: host.now().getTime(), siteUrl: host.siteUrl };
    const done = await this.post(job);
    noteCatalogueWrites(this.sqlite, done.catalogue);
    host.outbox.dispatch(done.pending);
    for (const counted of done.counted) host.metrics.count(counted);
    if (!done.ok) throw fromFailure(done.failure);
    // NOTE: the thread ran this very mutation, found by its name, so its result is an R (structured-cloned).
    return done.result as R;
  }

  async stop(): Promise<void> {
    await this.current?.worker.terminate();
  }

  private post(job: MutationJob): Promise<MutationDone> {
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
        entry: new URL('./mutation-thread-worker.ts', import.meta.url).href,
      },
    });
    worker.unref();
    const current: Running = { worker, waiting: new Map() };
    worker.on('message', (done: MutationDone) => {
      current.waiting.get(done.id)?.resolve(done);
      current.waiting.delete(done.id);
    });
    worker.on('error', (error) => this.log.error({ err: error }, 'the mutation thread failed; the next mutation it takes starts it again'));
    // NOTE: a new thread starts only after this one has exited, so the lock word it may have held is freed first.
    worker.on('exit', (code) => {
      this.current = undefined;
      releaseWriteLock(this.lock, BOOKING_THREAD);
      for (const waiter of current.waiting.values()) waiter.reject(new Error(`the mutation thread exited with ${code}`));
    });
    this.current = current;
    return current;
  }
}
