import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { immediate, type Db } from '../db/client';
import { openPostgres } from '../db/postgres';
import { nextVersion } from '../db/version';
import { runSql } from './pg-sql';

/**
 * One writer process of pg-watermark.test.ts: `writers` loops that, until `ms` have passed, each insert
 * a row in its own transaction, stamped by `stamp` (the app's version, or a plain sequence) and held open
 * a random moment after the stamp is taken, so transactions commit out of the order of their stamps.
 * Prints the count of rows committed.
 */
const [url, stamp, writers, ms] = z
  .tuple([z.string(), z.enum(['transaction', 'sequence']), z.coerce.number().int().min(1), z.coerce.number().int().min(1)])
  .parse(process.argv.slice(2));

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 4));

async function stampOf(tx: Db): Promise<number> {
  if (stamp === 'transaction') return nextVersion(tx);
  return Number((await runSql(tx, sql`select nextval('watermark_sequence') as v`)).rows[0]?.v);
}

const { db, pool } = await openPostgres(url, writers);
const until = Date.now() + ms;
const counts = await Promise.all(
  Array.from({ length: writers }, async () => {
    let written = 0;
    while (Date.now() < until) {
      await immediate(db, async (tx) => {
        const version = await stampOf(tx);
        await pause();
        await runSql(tx, sql`insert into watermark_rows (id, version) values (${randomUUID()}, ${version})`);
      });
      written += 1;
    }
    return written;
  }),
);
await pool.end();
process.stdout.write(`${counts.reduce((a, b) => a + b, 0)}\n`);
