import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { takeCatalogueWrites } from '../db/catalogue-writes';
import { openWriter } from '../db/client';
import { HandedBackCounts } from '../metrics/mutations';
import { BOOKING_THREAD, shareWriteLock } from '../db/thread-lock';
import { MUTATIONS } from '../mutations/registry';
import type { MutationHost } from '../mutations/run';
import { offlineRealtime } from '../realtime/port';
import { storeNow } from '../outbox/deliver';
import { Outbox, type Pending } from '../outbox/outbox';
import { createMailer } from '../services/mail/mail';
import { toFailure, type MutationDone, type MutationJob, type ThreadSetup } from './mutation-thread';

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
let job: MutationJob | undefined;
const now = () => new Date(job?.nowMs ?? Date.now());
const log = pino({ level: setup.env.LOG_LEVEL });
const mailer = createMailer(db, log, setup.env.SMTP_URL, now);
const outbox = new HandBack({
  db,
  log,
  now,
  dispatch: false,
  leaseMs: setup.env.OUTBOX_LEASE_MS,
  owner: setup.owner,
  deliver: () => undefined,
  storeNow: (tx, effect) => storeNow(mailer, tx, effect),
});
/** The thread counts nothing itself: how its mutation ended goes back with the answer (docs/decisions/020). */
const metrics = new HandedBackCounts();

/**
 * What a mutation here reads: this thread's connection and outbox, the job's clock and address. It holds
 * no sockets, so a guest's reply mail is always recorded, and dropped at sending if the guest is connected.
 */
const host: MutationHost = {
  db,
  outbox,
  metrics,
  now,
  env: setup.env,
  jwtSecret: setup.jwtSecret,
  realtime: offlineRealtime,
  get siteUrl() {
    return job?.siteUrl ?? '';
  },
};

async function runNamed(next: MutationJob): Promise<unknown> {
  const run = MUTATIONS.get(next.mutation);
  if (!run) throw new Error(`the mutation thread knows no mutation ${next.mutation}`);
  return run(host, next.user, next.args);
}

/** The mutation's result or failure, with what it wrote either way: a failure after the commit still leaves effects to send. */
async function answer(next: MutationJob): Promise<MutationDone> {
  job = next;
  outbox.handed = [];
  metrics.counted = [];
  const outcome = await runNamed(next).then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, failure: toFailure(error) }),
  );
  return { id: next.id, ...outcome, pending: outbox.handed, catalogue: takeCatalogueWrites(db.$client), counted: metrics.counted };
}

let queue = Promise.resolve();
parentPort?.on('message', (next: MutationJob) => {
  queue = queue.then(async () => parentPort?.postMessage(await answer(next)));
});
