import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import type { AppContext } from '../context';
import { takeCatalogueWrites } from '../db/catalogue-writes';
import { openWriter } from '../db/client';
import { HandedBackCounts } from '../metrics/mutations';
import { BOOKING_THREAD, shareWriteLock } from '../db/thread-lock';
import { Outbox, type Pending } from '../outbox/outbox';
import { bookAndPay } from './book-and-pay';
import { toFailure, type BookingDone, type BookingJob, type ThreadSetup } from './booking-thread';

/** Records effects claimed by the server's dispatcher, and keeps what a commit recorded for the server's thread to send. */
class HandBack extends Outbox {
  handed: Pending = [];

  override dispatch(pending: Pending): void {
    this.handed.push(...pending);
  }
}

const setup = workerData as ThreadSetup;
const db = openWriter(setup.file);
shareWriteLock(db.$client, setup.lock, BOOKING_THREAD);
const log = pino({ level: setup.env.LOG_LEVEL });
let job: BookingJob | undefined;
const now = () => new Date(job?.nowMs ?? Date.now());
const outbox = new HandBack({ db, log, now, dispatch: false, leaseMs: setup.env.OUTBOX_LEASE_MS, owner: setup.owner, deliver: () => undefined });
/** The thread counts nothing itself: how its mutation ended goes back with the answer (docs/decisions/020). */
const metrics = new HandedBackCounts();

/** What the booking's code reads of the server's context; anything else it asked for would throw. */
const known = {
  db,
  env: setup.env,
  log,
  now,
  outbox,
  metrics,
  get siteUrl() {
    return job?.siteUrl ?? '';
  },
};
const ctx = new Proxy(known, {
  get(target, key) {
    if (!Reflect.has(target, key)) throw new Error(`the booking thread has no ${String(key)}`);
    return Reflect.get(target, key) as unknown;
  },
}) as unknown as AppContext;

/** The booking's answer or failure, with what it wrote either way: a failure after the commit still leaves effects to send. */
async function answer(next: BookingJob): Promise<BookingDone> {
  job = next;
  outbox.handed = [];
  metrics.counted = [];
  const outcome = await bookAndPay(ctx, next.user, next.body).then(
    (text) => ({ ok: true as const, answer: text }),
    (error: unknown) => ({ ok: false as const, failure: toFailure(error) }),
  );
  return { id: next.id, ...outcome, pending: outbox.handed, catalogue: takeCatalogueWrites(db.$client), counted: metrics.counted };
}

let queue = Promise.resolve();
parentPort?.on('message', (next: BookingJob) => {
  queue = queue.then(async () => parentPort?.postMessage(await answer(next)));
});
