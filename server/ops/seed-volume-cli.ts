import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { openDatabase, type Db } from '../db/client';
import { openPostgres } from '../db/postgres';
import { parseEnv } from '../env';
import { seedIfEmpty } from '../seed/seed';
import { seedVolume } from '../seed/volume';
import { receiptStore } from '../seed/volume-extras';
import { hashPassword } from '../services/identity/passwords';
import { createContext } from '../start';
import { parseArgs, runCli, UsageError } from './cli-args';
import { runningServer } from './server-lock';

const USAGE = 'npm run seed:volume -- --bookings 500000 (or SEED_BOOKINGS=500000 npm run seed:volume); DATA_DIR or DATABASE_URL as for npm start';
const Count = z.coerce.number().int('a whole number of bookings').min(1, 'at least 1 booking').max(2_000_000, 'at most 2,000,000 bookings');
const ArgsSchema = z.union([z.tuple([]), z.tuple([z.literal('--bookings'), Count])], { error: 'Give --bookings N, or nothing' });
const DEFAULT_BOOKINGS = 500_000;

/**
 * `npm run seed:volume`: a year of an airline's history in the app's database (issue #47): seeds the
 * demo first when the database is empty, then adds the bookings, their travellers, seats, payments,
 * receipts and audit rows, a year of departed flights and support conversations. Stop the server first.
 */
async function main() {
  const args = parseArgs(ArgsSchema, process.argv.slice(2), USAGE);
  const bookings = args[1] ?? Count.parse(process.env.SEED_BOOKINGS ?? DEFAULT_BOOKINGS);
  const env = { ...parseEnv(process.env), BOOKING_THREAD: 'off' as const, OUTBOX_DISPATCH: 'paused' as const };
  const running = env.DATABASE_URL ? undefined : runningServer(env.DATA_DIR);
  if (running) throw new UsageError(`A server (pid ${running.pid}) runs on ${env.DATA_DIR}: stop it first`);
  const started = performance.now();
  const ctx = await createContext(env);
  try {
    for (const line of await seedIfEmpty(ctx)) console.log(line);
  } finally {
    await ctx.database.close();
    await ctx.redis?.close();
  }
  const password = env.DEMO_PASSWORD ?? randomBytes(9).toString('base64url');
  const bulk = await openBulk(env.DATABASE_URL, ctx.dataDir);
  try {
    const report = await seedVolume(bulk.db, {
      bookings,
      now: ctx.now(),
      passwordHash: await hashPassword(password),
      receipts: await receiptStore(env.DATABASE_URL ? 'postgres' : 'sqlite', ctx.dataDir),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Added in ${seconds} s: ${JSON.stringify(report)}`);
    console.log(`Volume travellers sign in as traveller<N>.<tag>@volume.skyway.test / ${password}`);
  } finally {
    await bulk.close();
  }
}

/** The database without the server's company (no checkpoint thread taking turns with the batches). */
async function openBulk(databaseUrl: string | undefined, dataDir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  if (databaseUrl) {
    const { db, pool } = await openPostgres(databaseUrl);
    return { db, close: () => pool.end() };
  }
  const { db, sqlite, reader } = openDatabase(dataDir);
  return {
    db,
    close: () => {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      reader.close();
      sqlite.close();
      return Promise.resolve();
    },
  };
}

runCli(main, () => false);
