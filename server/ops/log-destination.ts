import { write } from 'node:fs';
import { multistream, type MultiStreamRes } from 'pino';

const RETRY_BUSY_MS = 20;

/**
 * A log destination that never blocks the event loop: lines queue in memory (at most `maxBytes`)
 * and are written with asynchronous `fs.write`. A line that cannot be written (a full disk, a
 * closed pipe) or does not fit in the queue is dropped and counted, instead of stopping the server.
 */
export class DroppingDestination {
  dropped = 0;
  private queue: string[] = [];
  private queuedBytes = 0;
  private writing = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly fd: number,
    private readonly maxBytes = 4 * 1024 * 1024,
    private readonly fsWrite: typeof write = write,
  ) {}

  write(line: string): boolean {
    if (this.queuedBytes + line.length > this.maxBytes) {
      this.dropped++;
      return true;
    }
    this.queue.push(line);
    this.queuedBytes += line.length;
    if (!this.writing) this.next();
    return true;
  }

  /** Resolves once every queued line is written or dropped (before the process exits). */
  flushed(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private next(): void {
    const lines = this.queue.splice(0, 512);
    if (lines.length === 0) {
      this.writing = false;
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    this.writing = true;
    const text = lines.join('');
    this.queuedBytes -= text.length;
    this.send(Buffer.from(text), lines.length);
  }

  private send(buffer: Buffer, lines: number): void {
    this.fsWrite(this.fd, buffer, 0, buffer.length, null, (error, written) => {
      if (error && (error.code === 'EAGAIN' || error.code === 'EWOULDBLOCK')) {
        setTimeout(() => this.send(buffer, lines), RETRY_BUSY_MS).unref();
        return;
      }
      if (error) this.dropped += lines;
      else if (written < buffer.length) return this.send(buffer.subarray(written), lines);
      this.next();
    });
  }
}

export type ProcessLog = { stream: MultiStreamRes; dropped: () => number; flushed: () => Promise<void> };

/** The server's log: errors and worse to stderr, the rest to stdout, neither ever blocking. */
export function processLog(stdout = new DroppingDestination(1), stderr = new DroppingDestination(2)): ProcessLog {
  return {
    stream: multistream(
      [
        { level: 'trace', stream: stdout },
        { level: 'error', stream: stderr },
      ],
      { dedupe: true },
    ),
    dropped: () => stdout.dropped + stderr.dropped,
    flushed: async () => {
      await Promise.all([stdout.flushed(), stderr.flushed()]);
    },
  };
}
