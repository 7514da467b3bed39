import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';
import type { ErrorCode } from '../../sync/error-codes';
import { ErrorBodySchema, type ErrorBody } from '../../sync/schemas/common';
import type { AppContext } from '../context';
import { immediate, openDatabase } from '../db/client';
import { airports, bookings, flights, images, loginFailures, payments, seatAllocations, settings, travellers, users } from '../db/schema';
import type { Answer, TestServer } from './harness';

/** A string of about 100 kB: under the JSON body limit, far over every field limit. */
export const HUGE = 'x'.repeat(100_000);

/** Asserts the one error shape `{code, message, errors?}` with nothing else in it (no stack, no internals). */
export function expectErrorShape(res: Answer, status: number): ErrorBody {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorBodySchema.strict().parse(res.body);
  for (const error of body.errors ?? []) expect(Object.keys(error).sort()).toEqual(['msg', 'path']);
  expect(JSON.stringify(body)).not.toMatch(/\bstack\b|\n\s+at |node_modules|\.ts:\d+/);
  return body;
}

/** An error with exactly this message, and this reason code when given. */
export function expectError(res: Answer, status: number, message: string, code?: ErrorCode): ErrorBody {
  const body = expectErrorShape(res, status);
  expect(body.message).toBe(message);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** An error with this reason code, whatever its wording. */
export function expectCode(res: Answer, status: number, code: ErrorCode): ErrorBody {
  const body = expectErrorShape(res, status);
  expect(body.code, body.message).toBe(code);
  return body;
}

/** A 400 whose `message` and `errors[].msg` both carry the validation text. */
export function expectInvalid(res: Answer, text: string): ErrorBody {
  const body = expectErrorShape(res, 400);
  expect(body.message).toContain(text);
  expect(body.errors?.map((e) => e.msg)).toContain(text);
  return body;
}

/** Runs a read-only query on the server's SQLite file, the way an outside observer would. */
export function readDb<T>(server: TestServer, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'airline.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const COUNTED = {
  users,
  airports,
  flights,
  bookings,
  travellers,
  seat_allocations: seatAllocations,
  payments,
  settings,
  images,
  login_failures: loginFailures,
};
const TABLES = Object.keys(COUNTED) as (keyof typeof COUNTED)[];

/** The rows of a table, counted through the app's own connection (either engine). */
export async function countRows(server: TestServer, table: keyof typeof COUNTED): Promise<number> {
  const [row] = await server.ctx.db.select({ n: count() }).from(COUNTED[table]);
  return row?.n ?? 0;
}

/** A fingerprint of the tables a catalogue write could touch: row counts and the global sync version. */
export function snapshot(server: TestServer) {
  return readDb(server, (db) => ({
    counts: Object.fromEntries(TABLES.map((t) => [t, (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n])),
    version: (db.prepare('select version from sync_state where id = 1').get() as { version: number }).version,
    settings: (db.prepare('select data from settings where id = 1').get() as { data: string } | undefined)?.data,
  }));
}

/** A solid-colour image of the given size in a real format, built with sharp. */
export function makeImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart form with the file in field `image`, plus optional text fields. */
export function imageForm(data: Buffer | string, filename: string, type: string, fields: Record<string, string> = {}, field = 'image'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename);
  return form;
}

/** The SQLite connection of a server on the embedded engine (tests that read or lock the file itself). */
export function sqliteOf(ctx: AppContext): Database.Database {
  if (!ctx.database.sqlite) throw new Error('this test needs the SQLite engine');
  return ctx.database.sqlite;
}

/** A change made behind the app's back, as a script would: one statement on the server's SQLite connection, in a write transaction of its own. */
export function writeRaw(ctx: AppContext, source: string, ...params: unknown[]): Promise<void> {
  return immediate(ctx.db, () => {
    sqliteOf(ctx)
      .prepare(source)
      .run(...params);
    return Promise.resolve();
  });
}

/** The server's SQLite database, migrated, in a fresh folder of its own: closed and deleted after the calling file's tests. */
export function scratchDatabase(name: string): ReturnType<typeof openDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `skyway-${name}-`));
  const opened = openDatabase(dir);
  afterAll(() => {
    opened.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return opened;
}
