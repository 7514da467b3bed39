import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, type Db } from '../db/client';
import { awaitEarlierWrites, syncWatermark } from '../db/version';
import { runSql, scratchPostgres } from './pg-sql';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const WRITERS_PER_PROCESS = 4;
const WRITE_MS = 3_000;
const PULLERS = 3;

/** How a pull bounds what it sends: the app's watermark, or the highest version committed (what a plain sequence gives). */
type Bound = (tx: Db) => Promise<number>;
const watermark: Bound = (tx) => syncWatermark(tx);
const highestSeen: Bound = async (tx) => Number((await runSql(tx, sql`select coalesce(max(version), 0) as v from watermark_rows`)).rows[0]?.v);

/** One puller: a cursor and every row id it was sent, in one snapshot per pull as the app's pull reads. */
function puller(db: Db, bound: Bound) {
  let cursor = 0;
  const seen: string[] = [];
  const pull = () =>
    snapshot(db, async (tx) => {
      const until = await bound(tx);
      const { rows } = await runSql(tx, sql`select id from watermark_rows where version > ${cursor} and version <= ${until} order by version, id`);
      seen.push(...rows.map((row) => String(row.id)));
      cursor = until;
    });
  return { pull, seen };
}

/**
 * Issue #46: 8 writers in 2 processes commit rows whose stamps are taken out of commit order, while
 * pullers pull by cursor; once the writers are done a last pull of each must have been sent every
 * committed row exactly once.
 */
async function race(db: Db, url: string, stamp: 'transaction' | 'sequence', bound: Bound) {
  await runSql(db, sql`truncate watermark_rows`);
  const writers = [0, 1].map(() =>
    promisify(execFile)(TSX, ['server/test/watermark-writer.ts', url, stamp, String(WRITERS_PER_PROCESS), String(WRITE_MS)], { cwd: ROOT }),
  );
  const pullers = Array.from({ length: PULLERS }, () => puller(db, bound));
  let writing = true;
  const done = Promise.all(writers).finally(() => (writing = false));
  await Promise.all(
    pullers.map(async (p) => {
      while (writing) {
        await p.pull();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      }
    }),
  );
  const written = (await done).reduce((sum, { stdout }) => sum + Number(stdout.trim()), 0);
  // Every writer has ended: one more pull reaches every row, once the transactions open anywhere on the
  // server when it starts have ended (another suite's, in another database), as the app's pull waits for them.
  await awaitEarlierWrites(db);
  for (const p of pullers) await p.pull();
  const committed = (await runSql(db, sql`select id from watermark_rows`)).rows.map((row) => String(row.id));
  return { written, committed, pullers };
}

describe('a pull cursor while many transactions commit at once (PostgreSQL)', () => {
  let db: Db;
  let url: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, url, stop } = await scratchPostgres(PULLERS + 1, async (scratch) => {
      await runSql(scratch, sql`create table watermark_rows (id text primary key, version bigint not null)`);
      await runSql(scratch, sql`create sequence watermark_sequence`);
    }));
  }, 60_000);
  afterAll(() => stop?.());

  it('sends every committed row exactly once: versions are transaction ids, read below the oldest open transaction', async () => {
    const { written, committed, pullers } = await race(db, url, 'transaction', watermark);
    expect(written).toBeGreaterThan(100);
    expect(committed).toHaveLength(written);
    for (const { seen } of pullers) {
      expect(new Set(seen).size, 'a row sent twice').toBe(seen.length);
      expect([...seen].sort()).toEqual([...committed].sort());
    }
  }, 60_000);

  it('skips rows with a plain sequence as the cursor, which the same test catches', async () => {
    const { committed, pullers } = await race(db, url, 'sequence', highestSeen);
    const skipped = pullers.map(({ seen }) => committed.length - new Set(seen).size);
    expect(Math.max(...skipped)).toBeGreaterThan(0);
  }, 60_000);
});
