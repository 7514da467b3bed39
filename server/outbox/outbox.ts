import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { first, immediate, type Db, type Tx } from '../db/client';
import { insertReturning } from '../db/insert-row';
import { events } from '../db/schema';
import { EffectSchema, type Effect } from './effects';

/** Effects written in a transaction, already claimed by this dispatcher, to send once it commits. */
export type Pending = { id: number; effect: Effect }[];

export type OutboxOptions = {
  db: Db;
  log: Logger;
  now: () => Date;
  /** false: effects are written but never sent (a test kills the server between the two). */
  dispatch: boolean;
  leaseMs: number;
  /** Sends one effect; resolves once it is out (a mail accepted), rejects to be retried later. */
  deliver: (effect: Effect, eventId: number) => void | Promise<void>;
  /**
   * Writes in the change's own transaction an effect whose whole delivery would be a row of this database
   * (a mail with no SMTP URL to go through), and answers true; then no event is written for it.
   */
  storeNow?: (tx: Tx, effect: Effect) => Promise<boolean>;
  /** The dispatcher whose claim `record` writes; another thread's recorder names the server's own. */
  owner?: string;
  /** Told of each send's end, by the effect's kind (the metrics' sends and failures). */
  sent?: (kind: string, ok: boolean) => void;
};

const BATCH = 100;
const SWEEP_MS = 1_000;
const KEEP_DONE_MS = 3_600_000;
const MAX_BACKOFF_MS = 3_600_000;
const STOP_WAIT_MS = 5_000;
/** How long done marks gather before they are written together: under load, one write for many changes' effects. */
const MARK_EVERY_MS = 50;

/**
 * The transactional outbox (docs/decisions/009). A change writes its effects into `events` inside its
 * own transaction, claimed by this process for a lease; right after the commit this process sends them
 * and marks them done. What a crash, a failed send or another process's crash leaves behind is claimed
 * again once its lease ends, by a timer here and at start. A rolled-back transaction takes its rows
 * with it, so nothing of it is ever sent. Claims are conditional updates of `claimed_by`, so two
 * dispatchers never hold one row at once (on PostgreSQL: `FOR UPDATE SKIP LOCKED`).
 */
export class Outbox {
  /** This dispatcher's name in `claimed_by`. */
  readonly owner: string;
  private readonly finished = new Set<number>();
  private readonly inFlight = new Set<Promise<void>>();
  private flushing = false;
  private timer: NodeJS.Timeout | undefined;
  private draining = false;
  private prunedAt = 0;

  constructor(private readonly options: OutboxOptions) {
    this.owner = options.owner ?? randomUUID();
  }

  /**
   * Of a change's effects, writes those that `storeNow` takes in the caller's transaction, and answers the
   * others, for `record`: one write instead of an event, its send and its done mark.
   */
  async storeNow(tx: Tx, effects: readonly Effect[]): Promise<Effect[]> {
    const { storeNow } = this.options;
    if (!storeNow) return [...effects];
    const stored = await Promise.all(effects.map((effect) => storeNow(tx, effect)));
    return effects.filter((_, i) => !stored[i]);
  }

  /** Writes the effects in the caller's transaction; hand the answer to `dispatch` after the commit. */
  async record(tx: Tx, effects: readonly Effect[]): Promise<Pending> {
    if (effects.length === 0) return [];
    const now = this.options.now();
    const stamp = now.toISOString();
    const leaseEnd = new Date(now.getTime() + this.options.leaseMs).toISOString();
    return Promise.all(
      effects.map(async (effect) => {
        const row = {
          effect: JSON.stringify(effect),
          kind: effect.type,
          createdAt: stamp,
          dueAt: stamp,
          attempts: 1,
          claimedBy: this.owner,
          claimedUntil: leaseEnd,
        };
        return { id: (await insertReturning(tx, events, row)).id, effect };
      }),
    );
  }

  /** Sends what a committed transaction recorded; never call it for a transaction that rolled back. */
  dispatch(pending: Pending): void {
    if (!this.options.dispatch) return;
    for (const { id, effect } of pending) this.send(id, effect, 1);
  }

  /** Claims the due events nobody holds (left by a crash or a failure) and sends them; answers how many. */
  async drain(): Promise<number> {
    if (!this.options.dispatch || this.draining) return 0;
    this.draining = true;
    try {
      const claimed = await this.claimDue();
      for (const row of claimed) {
        const parsed = EffectSchema.safeParse(JSON.parse(row.effect));
        if (parsed.success) this.send(row.id, parsed.data, row.attempts);
        else this.track(this.fail(row.id, 'unreadable', row.attempts, new Error('unreadable effect'), true));
      }
      await Promise.all(this.inFlight);
      await this.prune();
      return claimed.length;
    } finally {
      this.draining = false;
    }
  }

  /**
   * Drains now and every second until the returned stop, which waits for sends under way for at most
   * STOP_WAIT_MS (a hung SMTP server must not hold a shutdown); what is still unsent then goes after the restart.
   */
  start(): () => Promise<void> {
    const sweep = () => {
      this.drain().catch((error: unknown) => this.options.log.warn({ err: error }, 'outbox sweep failed; next sweep retries'));
    };
    sweep();
    this.timer = setInterval(sweep, SWEEP_MS);
    this.timer.unref();
    return async () => {
      clearInterval(this.timer);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.inFlight), new Promise((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(waited);
      await this.flush();
    };
  }

  private async claimDue() {
    const now = this.options.now();
    const stamp = now.toISOString();
    const due = and(isNull(events.doneAt), lte(events.dueAt, stamp), or(isNull(events.claimedUntil), lte(events.claimedUntil, stamp)));
    const { db } = this.options;
    // A read first: an idle outbox never takes the write lock.
    if (!(await first(db.select({ id: events.id }).from(events).where(due).limit(1)))) return [];
    const leaseEnd = new Date(now.getTime() + this.options.leaseMs).toISOString();
    return immediate(db, async (tx) => {
      const ids = (await tx.select({ id: events.id }).from(events).where(due).orderBy(asc(events.id)).limit(BATCH)).map((row) => row.id);
      if (ids.length === 0) return [];
      return (
        await tx
          .update(events)
          .set({ claimedBy: this.owner, claimedUntil: leaseEnd, attempts: sql`${events.attempts} + 1` })
          .where(and(inArray(events.id, ids), due))
          .returning({ id: events.id, effect: events.effect, attempts: events.attempts })
      ).sort((a, b) => a.id - b.id);
    });
  }

  private send(id: number, effect: Effect, attempts: number): void {
    try {
      const sent = this.options.deliver(effect, id);
      if (!(sent instanceof Promise)) {
        this.done(id, effect.type);
        return;
      }
      this.track(
        sent.then(
          () => this.done(id, effect.type),
          (error: unknown) => this.fail(id, effect.type, attempts, error),
        ),
      );
    } catch (error) {
      this.track(this.fail(id, effect.type, attempts, error));
    }
  }

  /**
   * Work a request starts after its commit outside the events (a mail carrying a secret, which is never
   * stored in an event): idle() waits for it too. `work` handles its own failure.
   */
  follow(work: Promise<void>): void {
    this.track(work);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /**
   * Done marks are gathered for MARK_EVERY_MS and written together. A crash before they are written
   * sends those effects again once their lease ends, as for any send not yet marked (at least once).
   */
  private done(id: number, kind: string): void {
    this.options.sent?.(kind, true);
    this.finished.add(id);
    if (this.flushing) return;
    this.flushing = true;
    this.track(wait(MARK_EVERY_MS).then(() => this.flush()));
  }

  /**
   * Settles once every send under way has ended and its mark is written: the database then holds no write
   * of this dispatcher still to come (tests compare it before and after a call that must change nothing).
   */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private async flush(): Promise<void> {
    this.flushing = false;
    if (this.finished.size === 0) return;
    const ids = [...this.finished];
    this.finished.clear();
    try {
      await this.write((tx) =>
        tx
          .update(events)
          .set({ doneAt: this.options.now().toISOString(), claimedBy: null, claimedUntil: null })
          .where(and(inArray(events.id, ids), eq(events.claimedBy, this.owner))),
      );
    } catch (error) {
      // Not marked: the lease ends and the events are sent again (at least once, see docs/decisions/009).
      this.options.log.warn({ err: error, events: ids.length }, 'outbox could not mark events sent');
    }
  }

  /** A failed send waits 2^attempts seconds (at most an hour) and is claimed again; an unreadable one is given up. */
  private async fail(id: number, kind: string, attempts: number, error: unknown, giveUp = false): Promise<void> {
    this.options.sent?.(kind, false);
    const message = error instanceof Error ? error.message : String(error);
    this.options.log.warn({ err: message, event: id, attempts }, 'outbox event not sent');
    const now = this.options.now();
    const dueAt = new Date(now.getTime() + Math.min(2 ** attempts * 1_000, MAX_BACKOFF_MS)).toISOString();
    try {
      await this.write((tx) =>
        tx
          .update(events)
          .set({ lastError: message, claimedBy: null, claimedUntil: null, ...(giveUp ? { doneAt: now.toISOString() } : { dueAt }) })
          .where(and(eq(events.id, id), eq(events.claimedBy, this.owner))),
      );
    } catch (markError) {
      this.options.log.warn({ err: markError, event: id }, 'outbox could not record a failed send; its lease ends it');
    }
  }

  /** Sent events are kept an hour (to look into), then deleted. */
  private async prune(): Promise<void> {
    const now = this.options.now().getTime();
    if (now - this.prunedAt < KEEP_DONE_MS / 6) return;
    this.prunedAt = now;
    const before = new Date(now - KEEP_DONE_MS).toISOString();
    await this.write((tx) => tx.delete(events).where(lte(events.doneAt, before)));
  }

  /** NOTE: even one statement takes its turn as a transaction, so it never runs inside another chain's open one. */
  private async write(statement: (tx: Tx) => PromiseLike<unknown>): Promise<void> {
    await immediate(this.options.db, async (tx) => {
      await statement(tx);
    });
  }
}
