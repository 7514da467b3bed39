import pg from 'pg';
import { connectionOf, type Db, type Queryable, type Tx } from './client';
import { pgDatabase, type PgDb, type PgStatement } from './pg-driver';

type Answer = pg.QueryResult;
type Statement = PgStatement & { values: unknown[]; carried: boolean; resolve: (answer: Answer) => void; reject: (error: unknown) => void };

const prepareValue = (Reflect.get(pg, 'utils') as { prepareValue: (value: unknown) => string | Buffer | null | undefined }).prepareValue;

/** A value written into the statement's text as a literal of unknown type, which PostgreSQL types from its use, as it types a parameter. */
function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  // NOTE: a simple query ends at a NUL byte; PostgreSQL refuses NUL in text as a parameter, and so does this (22021).
  if (prepared.includes('\0')) throw nulRefused();
  return pg.escapeLiteral(prepared);
}

function nulRefused(): pg.DatabaseError {
  const error = new pg.DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 0, 'error');
  error.code = '22021';
  return error;
}

/** The statement with its parameters ($1, $2...) written in; quoted names and strings are left as they are. */
function inlined(statement: Statement): string {
  return statement.text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, index?: string) =>
    index === undefined ? match : literal(statement.values[Number(index) - 1]),
  );
}

function asRequested(answer: Answer, rowMode: 'array' | undefined): Answer {
  if (rowMode === 'array') return answer;
  const names = answer.fields.map((field) => field.name);
  const rows = (answer.rows as unknown[][]).map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
  return { ...answer, rows };
}

/**
 * One pooled connection seen by a write transaction: statements started together (in the same turn of the
 * event loop, Promise.all) go to PostgreSQL in one message, and statements whose answer can wait
 * (`deferred`) go with the next message. A message of several statements is a simple query with the
 * values written in as literals; PostgreSQL runs them in order and stops at the first error, which every
 * statement of the message then answers. A lone statement goes as it came (prepared, with parameters).
 * NOTE: node-postgres sends one query at a time and PostgreSQL answers in order, so only this batching
 * saves round trips: a booking takes 3 instead of one per statement, 27 (docs/decisions/023).
 */
class BatchingConnection {
  readonly db: PgDb;
  private queued: Statement[] = [];
  private sending: Promise<void> = Promise.resolve();
  private flushDue = false;
  private deferring = false;
  private open = false;
  private reached = false;
  /** The connection failed other than by a statement's error (lost, or its rollback failed): the pool must drop it. */
  unusable = false;
  /** What a transaction keeps for its own length (settings read once): cleared at its start. */
  readonly memo = new Map<string, unknown>();
  /** What runs once the transaction has ended, committed or rolled back (`whenEnded`). */
  private ended: (() => void)[] = [];

  constructor(
    private readonly client: pg.PoolClient,
    readonly pool: pg.Pool,
  ) {
    this.db = pgDatabase(this, (statement, values) => this.query(statement, values));
  }

  query(config: PgStatement | string, values: unknown[] = []): Promise<Answer> {
    const statement = typeof config === 'string' ? { text: config } : config;
    return new Promise((resolve, reject) => {
      if (!this.open) return reject(new Error('a statement after its transaction ended'));
      this.queued.push({ ...statement, values, carried: this.deferring, resolve, reject });
      if (!this.deferring && !this.flushDue) {
        this.flushDue = true;
        setImmediate(() => {
          this.flushDue = false;
          this.sending = this.sending.then(() => this.flush());
        });
      }
    });
  }

  /** Runs `start`, whose statements wait for the next message instead of sending one. */
  defer<T>(start: () => Promise<T>): Promise<T> {
    this.deferring = true;
    try {
      return start();
    } finally {
      this.deferring = false;
    }
  }

  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    this.open = true;
    this.reached = false;
    this.memo.clear();
    void this.defer(() => this.query('begin')).catch(() => undefined);
    try {
      const tx: Db = this.db;
      const result = await work(tx as Tx);
      await this.query('commit');
      return result;
    } catch (error) {
      await this.rollback(error);
      throw error;
    } finally {
      this.open = false;
      const ended = this.ended;
      this.ended = [];
      for (const run of ended) run();
    }
  }

  whenEnded(run: () => void): void {
    this.ended.push(run);
  }

  /** Refuses statements from now on (one started late would run after the ROLLBACK, outside any transaction), then rolls back. */
  private async rollback(cause: unknown): Promise<void> {
    this.open = false;
    await this.sending;
    const unsent = this.queued;
    this.queued = [];
    for (const statement of unsent) statement.reject(cause);
    if (this.reached) await this.client.query('rollback').catch(() => (this.unusable = true));
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    if (!batch.some((statement) => !statement.carried)) return;
    this.queued = [];
    this.reached = true;
    try {
      const only = batch.length === 1 ? batch[0] : undefined;
      if (only) {
        only.resolve(await this.client.query(only, only.values));
        return;
      }
      const answered = (await this.client.query({ text: batch.map(inlined).join(';\n'), rowMode: 'array' })) as unknown as Answer | Answer[];
      const answers = Array.isArray(answered) ? answered : [answered];
      batch.forEach((statement, i) => {
        const answer = answers[i];
        if (answer) statement.resolve(asRequested(answer, statement.rowMode));
        else statement.reject(new Error('PostgreSQL answered fewer statements than it was sent'));
      });
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) this.unusable = true;
      for (const statement of batch) statement.reject(error);
    }
  }
}

const connections = new WeakMap<pg.PoolClient, BatchingConnection>();

/** A write transaction on a connection of `pool`, its statements batched; the connection goes back to the pool after. */
export async function batchedTransaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let connection = connections.get(client);
  if (!connection) {
    connection = new BatchingConnection(client, pool);
    connections.set(client, connection);
  }
  try {
    return await connection.transaction(work);
  } finally {
    client.release(connection.unusable ? new Error('the connection failed') : undefined);
    if (connection.unusable) connections.delete(client);
  }
}

const batchingOf = (q: Queryable): BatchingConnection | undefined => {
  const connection = connectionOf(q);
  return connection instanceof BatchingConnection ? connection : undefined;
};

/**
 * Starts statements whose answer the transaction does not wait for: on PostgreSQL they go with the
 * transaction's next message (the next read, or the commit), and their promise settles when it is
 * answered; never await it inside the transaction. An error of theirs fails that message, so the
 * transaction too. On SQLite they run at once.
 */
export function deferred<T>(q: Queryable, start: () => Promise<T>): Promise<T> {
  const connection = batchingOf(q);
  const started = connection ? connection.defer(start) : start();
  started.catch(() => undefined);
  return started;
}

/** A write whose answer nobody needs: sent with the transaction's next message (`deferred`). */
export async function later(q: Queryable, start: () => Promise<unknown>): Promise<void> {
  const started = deferred(q, start);
  if (!batchingOf(q)) await started;
}

/**
 * All of `starts`, begun together so that PostgreSQL gets their first statements in one message, and all
 * of them ended before it answers: none is left running once one has failed. The first failure is thrown.
 */
export async function together<T extends readonly unknown[]>(starts: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starts.map((start) => start()));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The transaction's own memo on PostgreSQL (cleared when the next one begins on its connection); none on SQLite. */
export function transactionMemo(q: Queryable): Map<string, unknown> | undefined {
  return batchingOf(q)?.memo;
}

/** The pool a write transaction's connection came from; else the statement's own connection (on PostgreSQL outside a transaction, the pool). */
export function poolOf(q: Queryable): object {
  return batchingOf(q)?.pool ?? connectionOf(q);
}

/** On PostgreSQL, runs `run` once the write transaction of `q` has ended, committed or rolled back; nothing on SQLite. */
export function whenEnded(q: Queryable, run: () => void): void {
  batchingOf(q)?.whenEnded(run);
}
