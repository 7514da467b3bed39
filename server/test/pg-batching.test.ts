import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { later, together } from '../db/batching';
import { immediate, type Db, type Queryable, type Tx } from '../db/client';
import { constraintRejection } from '../db/constraints';
import { messagesDuring } from './pg-messages';
import { runSql, scratchPostgres } from './pg-sql';

const TRICKY = ["it's", 'back\\slash', '$1 and $2', '"quoted"', 'naïve ✈ 東京', "'); drop table notes; --", ''];

/**
 * Issue #46: a PostgreSQL write transaction sends the statements started together in one message and
 * the writes whose answer can wait with the next one, their values written in as literals (db/batching.ts).
 */
describe('batched statements of a write transaction (PostgreSQL)', () => {
  let db: Db;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, stop } = await scratchPostgres(2, async (scratch) => {
      await runSql(scratch, sql`create table notes (id text primary key, body text, n bigint, flag boolean, data json)`);
    }));
  }, 60_000);
  afterAll(() => stop?.());

  const insert = (tx: Tx, id: string, body: string | null, n: number | null = null, flag: boolean | null = null, data: unknown = null) =>
    runSql(tx, sql`insert into notes (id, body, n, flag, data) values (${id}, ${body}, ${n}, ${flag}, ${data === null ? null : JSON.stringify(data)})`);
  const read = async (q: Queryable, id: string) => (await runSql(q, sql`select body, n, flag, data from notes where id = ${id}`)).rows[0];

  it('values written in as literals read back exactly as parameters would give them', async () => {
    const data = { text: TRICKY, nested: { n: 1.5, none: null } };
    const seen = await immediate(db, async (tx) => {
      for (const [i, body] of TRICKY.entries()) await later(tx, () => insert(tx, `t${i}`, body, (i - 3) * 1_000_000_007, i % 2 === 0, data));
      await later(tx, () => insert(tx, 'nulls', null));
      return together(TRICKY.map((_, i) => () => read(tx, `t${i}`)));
    });
    for (const [i, body] of TRICKY.entries()) {
      const expected = { body, n: (i - 3) * 1_000_000_007, flag: i % 2 === 0, data };
      expect(seen[i]).toEqual(expected);
      expect(await read(db, `t${i}`)).toEqual(expected);
    }
    expect(await read(db, 'nulls')).toEqual({ body: null, n: null, flag: null, data: null });
    expect((await runSql(db, sql`select count(*) as n from pg_tables where tablename = 'notes'`)).rows[0]?.n).toBe(1);
  });

  it('statements started together go in one message, BEGIN with the first and the deferred writes with COMMIT', async () => {
    const messages = (
      await messagesDuring(() =>
        immediate(db, async (tx) => {
          await together([() => read(tx, 't0'), () => read(tx, 't1'), () => read(tx, 't2')]);
          await later(tx, () => insert(tx, 'together-1', 'a'));
          await later(tx, () => insert(tx, 'together-2', 'b'));
        }),
      )
    ).length;
    expect(messages).toBe(2);
    expect(await read(db, 'together-2')).toMatchObject({ body: 'b' });
  });

  it('a deferred write that fails fails its transaction: nothing of it is kept', async () => {
    const failed = await immediate(db, async (tx) => {
      await later(tx, () => insert(tx, 'kept-not', 'first'));
      await later(tx, () => insert(tx, 't0', 'a second row with a taken id'));
    }).catch((error: unknown) => error);
    expect(constraintRejection(failed)?.status).toBe(409);
    expect(await read(db, 'kept-not')).toBeUndefined();
  });

  it('a NUL byte is refused as PostgreSQL refuses it as a parameter (400), and the connections stay usable', async () => {
    const failed = await immediate(db, async (tx) => {
      await later(tx, () => insert(tx, 'nul', 'a\u0000b'));
      await read(tx, 't0');
    }).catch((error: unknown) => error);
    expect(constraintRejection(failed)?.status).toBe(400);
    expect(await read(db, 'nul')).toBeUndefined();
    for (let i = 0; i < 3; i++) await immediate(db, (tx) => insert(tx, `after-nul-${i}`, 'fine'));
    expect(await read(db, 'after-nul-2')).toMatchObject({ body: 'fine' });
  });

  it('a statement started while its transaction rolls back is refused, not run after the ROLLBACK', async () => {
    let straggler: Promise<string> | undefined;
    const failed = await immediate(db, async (tx) => {
      await read(tx, 't0');
      // Its outcome is taken at once, so its refusal is never an unhandled rejection.
      straggler = new Promise((resolve) => setImmediate(resolve))
        .then(() => insert(tx, 'straggler', 'x'))
        .then(
          () => 'ran',
          () => 'refused',
        );
      throw new Error('the work failed');
    }).catch((error: unknown) => error);
    expect(failed).toEqual(new Error('the work failed'));
    expect(await straggler).toBe('refused');
    expect(await read(db, 'straggler')).toBeUndefined();
  });

  it('a statement started after its transaction ended is refused, not run outside it', async () => {
    let leftOver: Tx | undefined;
    await immediate(db, async (tx) => {
      leftOver = tx;
      await read(tx, 't0');
    });
    await expect(insert(leftOver as Tx, 'outside', 'x')).rejects.toThrow();
    expect(await read(db, 'outside')).toBeUndefined();
  });
});
