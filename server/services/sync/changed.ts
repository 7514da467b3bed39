import { and, gt, lte, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** The versions a page sequence sends: above its cursor, up to the watermark its first page read (db/version.ts). */
export type VersionRange = { since: number; until: number };

/** The row's version is in the range: changed since the cursor, by a transaction that has ended. */
export const changedIn = (version: SQLiteColumn, range: VersionRange): SQL | undefined => and(gt(version, range.since), lte(version, range.until));
