import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immediate, observeWrites, type Db } from '../db/client';
import { runSql, scratchPostgres } from './pg-sql';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL writes do not take turns (issue #46), so two writes may lock the same rows in opposite
 * orders. PostgreSQL breaks such a deadlock by failing one of them (40P01); the app runs it again.
 */
describe('writes that meet in a deadlock (PostgreSQL)', () => {
  let db: Db;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, stop } = await scratchPostgres(8, async (scratch, url) => {
      await runSql(scratch, sql`create table counters (id text primary key, n bigint not null)`);
      await runSql(scratch, sql`insert into counters values ('left', 0), ('right', 0)`);
      // NOTE: PostgreSQL looks for a deadlock after waiting this long (1 s by default).
      await runSql(scratch, sql.raw(`alter database ${url.split('/').pop() ?? ''} set deadlock_timeout = '100ms'`));
    }));
  }, 60_000);
  afterAll(() => stop?.());

  it('two writes that touch the same rows in opposite orders both commit', async () => {
    const add = (first: string, second: string) =>
      immediate(db, async (tx) => {
        await runSql(tx, sql`update counters set n = n + 1 where id = ${first}`);
        await pause(50);
        await runSql(tx, sql`update counters set n = n + 1 where id = ${second}`);
      });
    const retries: string[] = [];
    observeWrites(db, { retried: (code) => retries.push(code) });
    const pairs = 3;
    for (let i = 0; i < pairs; i++) await Promise.all([add('left', 'right'), add('right', 'left')]);
    expect(retries.length).toBeGreaterThanOrEqual(pairs);
    expect(new Set(retries)).toEqual(new Set(['40P01']));
    const counts = (await runSql(db, sql`select id, n from counters order by id`)).rows.map((row) => [row.id, Number(row.n)]);
    expect(counts).toEqual([
      ['left', 2 * pairs],
      ['right', 2 * pairs],
    ]);
  }, 60_000);
});
