import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SERVER = 'postgres://postgres@127.0.0.1:5432';
const START_HINT =
  'PostgreSQL does not answer at 127.0.0.1:5432 (user postgres). Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';

/** Whether the test PostgreSQL server answers. */
export async function pgAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres`, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres`, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new Error(START_HINT, { cause: error });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database of its own. NOTE: C collation, so text compares and sorts bytewise as in
 * SQLite (ids, ISO instants); the application's databases are made the same way (docs/decisions/010).
 * Fails with how to start PostgreSQL when it does not answer: the PostgreSQL suites never skip.
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
  return {
    url: `${SERVER}/${name}`,
    drop: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}
