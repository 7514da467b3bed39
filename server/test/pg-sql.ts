import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

type Execute = { execute: (query: SQL) => Promise<{ rows: Record<string, unknown>[] }> };

/** A statement of a PostgreSQL suite's own on the database or a transaction (typed as SQLite's, drizzle's node-postgres underneath). */
export const runSql = (q: Db, query: SQL) => (q as unknown as Execute).execute(query);
