import { statfs as nodeStatfs } from 'node:fs/promises';
import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { writeLockFree } from '../db/client';
import type { FreeSpaceFloor } from '../env';

/** What `statfs` tells of a disk, in blocks of `bsize` bytes. */
export type DiskStats = { bsize: number; blocks: number; bavail: number };
export type Statfs = (dir: string) => Promise<DiskStats>;

export type DatabaseState = 'ok' | 'locked' | 'full' | 'unreachable';
export type Health = {
  status: 'ok' | 'degraded';
  /** SQLite (the embedded file) or PostgreSQL (DATABASE_URL). */
  engine: 'sqlite' | 'postgres';
  database: DatabaseState;
  disk: { freeBytes: number | null; watermarkBytes: number | null; uploadsRefused: boolean };
  log: { droppedLines: number };
  /**
   * PostgreSQL: the age in seconds of the oldest transaction open on the database (0 when none is; null
   * when it cannot be read). One left open holds its locks until PG_IDLE_TRANSACTION_TIMEOUT_MS ends it.
   */
  oldestTransactionSeconds?: number | null;
};

export type MachineOptions = {
  statfs?: Statfs;
  /** Log lines the log destination could not write. */
  droppedLines?: () => number;
  /** How often the free space is read. */
  checkEveryMs?: number;
};

type Reading = { freeBytes: number; totalBytes: number; startedAt: number };

/**
 * The machine's faults as states the server works through: free space on DATA_DIR's disk (read
 * with statfs every half second, and marked full at once when a write fails for lack of space),
 * another process holding the database's write lock, and log lines dropped. Uploads are refused
 * below twice the floor, every change below it; all of it clears by itself when space returns.
 */
export class Machine {
  private reading: Reading | undefined;
  private fullNotedAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly statfs: Statfs;

  constructor(
    private readonly dataDir: string,
    private readonly floor: FreeSpaceFloor,
    /** The SQLite connection whose write lock other processes may hold; PostgreSQL has no such lock. */
    private readonly sqlite: Database.Database | undefined,
    private readonly log: Logger,
    private readonly options: MachineOptions = {},
  ) {
    this.statfs = options.statfs ?? ((dir) => nodeStatfs(dir));
  }

  /** Reads the free space now; a failing statfs keeps the last reading. */
  async check(): Promise<void> {
    const startedAt = performance.now();
    try {
      const stats = await this.statfs(this.dataDir);
      this.reading = { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize, startedAt };
      if (this.fullNotedAt !== undefined && this.fullNotedAt <= startedAt && !this.belowFloor(1)) this.fullNotedAt = undefined;
    } catch (error) {
      this.log.warn({ err: error }, 'cannot read the free space of DATA_DIR');
    }
  }

  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs ?? 500);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A write failed for lack of space: writes are refused until a later reading finds space again. */
  noteFull(): void {
    this.fullNotedAt = performance.now();
    void this.check();
  }

  private watermark(times: number): number | undefined {
    if (!this.reading) return undefined;
    const one = this.floor.bytes ?? Math.round((this.reading.totalBytes * (this.floor.percent ?? 0)) / 100);
    return one * times;
  }

  private belowFloor(times: number): boolean {
    const mark = this.watermark(times);
    return this.reading !== undefined && mark !== undefined && this.reading.freeBytes < mark;
  }

  get diskFull(): boolean {
    return this.fullNotedAt !== undefined || this.belowFloor(1);
  }

  get uploadsRefused(): boolean {
    return this.diskFull || this.belowFloor(2);
  }

  /** Whether the write lock can be taken now (another process may hold it); never waits. */
  writeLockFree(): boolean {
    return !this.sqlite || writeLockFree(this.sqlite);
  }

  /** `answers`: whether the database answered a query just now (ctx.database.ping). */
  health(engine: Health['engine'], answers: boolean, oldestTransactionSeconds?: number | null): Health {
    const database: DatabaseState = !answers ? 'unreachable' : this.diskFull ? 'full' : this.writeLockFree() ? 'ok' : 'locked';
    const uploadsRefused = this.uploadsRefused;
    return {
      status: database === 'ok' && !uploadsRefused ? 'ok' : 'degraded',
      engine,
      database,
      disk: { freeBytes: this.reading?.freeBytes ?? null, watermarkBytes: this.watermark(1) ?? null, uploadsRefused },
      log: { droppedLines: this.options.droppedLines?.() ?? 0 },
      ...(oldestTransactionSeconds !== undefined && { oldestTransactionSeconds }),
    };
  }
}
