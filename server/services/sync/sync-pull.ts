import { and, eq } from 'drizzle-orm';
import dayjs from 'dayjs';
import { FLIGHT_WINDOW_DAYS } from '../../../sync/constants';
import {
  makeCursor,
  PAGED_TABLES,
  readCursor,
  SYNC_PAGE_ROWS,
  SYNC_SCHEMA_VERSION,
  type PagePosition,
  type PullRequest,
  type PullResponse,
  type SyncChanges,
} from '../../../sync/protocol';
import type { DbAndClock } from '../deps';
import { first, snapshot, type Queryable } from '../../db/client';
import { settings, tombstones, users } from '../../db/schema';
import { awaitEarlierWrites, syncWatermark } from '../../db/version';
import { may } from '../../policies';
import { CHAT_TABLES } from '../chat/chat-sync';
import { changedIn } from './changed';
import { claimClient, findClient, storedResults, type SyncClientRow } from './sync-clients';
import { pageFrom, type PageScope } from './sync-pages';
import { keepSinceFor } from '../../../sync/working-set';
import { adminSettings, publicSettings, readSettings } from '../back-office/settings';
import type { UserRow } from '../../actor';
import { toUserJson } from '../identity/users';

/** The small own tables a sequence's first page carries whole: the settings and the user's profile. */
async function ownSingles(q: Queryable, user: UserRow, since: number, until: number): Promise<Pick<SyncChanges, 'settings' | 'profile'>> {
  if (!may('sync.accountTables', user)) return { settings: [], profile: [] };
  const settingsRow = await first(q.select({ version: settings.version }).from(settings).where(changedIn(settings.version, { since, until })));
  const stored = await readSettings(q);
  const profile = await q
    .select()
    .from(users)
    .where(and(eq(users.id, user.id), changedIn(users.version, { since, until })));
  return {
    settings: settingsRow ? [{ _id: 'settings' as const, ...(may('settings.readPrivate', user) ? adminSettings(stored) : publicSettings(stored)) }] : [],
    profile: profile.map(toUserJson),
  };
}

async function deletesSince(q: Queryable, since: number, until: number): Promise<Record<string, string[]>> {
  const deletes: Record<string, string[]> = {};
  for (const row of await q.select().from(tombstones).where(changedIn(tombstones.version, { since, until }))) {
    (deletes[row.tableName] ??= []).push(row.rowId);
  }
  return deletes;
}

/** A guest learns of no other table's rows, not even deleted ids. */
function guestSafe(user: UserRow, deletes: Record<string, string[]>): Record<string, string[]> {
  return may('sync.accountTables', user) ? deletes : Object.fromEntries(Object.entries(deletes).filter(([table]) => CHAT_TABLES.has(table)));
}

/** Tombstones are kept this long; a cursor issued longer ago may have missed deletes, so it is reset. */
export const TOMBSTONE_DAYS = 30;

function expired(cursor: { windowEnd: string }, now: Date): boolean {
  const issued = dayjs(cursor.windowEnd).subtract(FLIGHT_WINDOW_DAYS, 'day').format('YYYY-MM-DD');
  return issued <= dayjs(now).subtract(TOMBSTONE_DAYS, 'day').format('YYYY-MM-DD');
}

/**
 * `legacy`: an app of an earlier schema (until it takes the update) reads neither a page position nor more
 * pages. `keepSince`: an admin's device holds a working set (sync/working-set.ts).
 */
type Request = { user: UserRow; stamp: string; from: string; nowIso: string; legacy: number | undefined; keepSince: string | null };

const scopeOf = (r: Request, since: number, until: number, previousEnd: string | null, to: string): PageScope => ({
  user: r.user,
  since,
  until,
  previousEnd,
  from: r.from,
  to,
  nowIso: r.nowIso,
  keepSince: r.keepSince,
});

/**
 * The server's record of a client, as a cursor names it: the record made anew after a wipe never matches.
 * An admin's cursor also names the days of history their device keeps, so a change of that setting resets
 * the device with the rows of the new window.
 */
function clientStamp(client: { createdAt: string } | undefined, historyDays: number | null): string {
  const made = client ? Date.parse(client.createdAt).toString(36) : '';
  return historyDays === null ? made : `${made}w${historyDays}`;
}

/**
 * The cursor after a page. An app of an earlier schema gets the first page of a reset in every answer,
 * under a cursor of its own schema: its own rows, at most a page, and no catalogue; once updated it is reset again.
 */
function cursorAfter(r: Request, start: { version: number; windowEnd: string }, position: PagePosition | undefined): string {
  return r.legacy === undefined
    ? makeCursor(start.version, start.windowEnd, r.stamp, position)
    : makeCursor(start.version, start.windowEnd, r.stamp, undefined, r.legacy);
}

/**
 * The first page of a sequence, from one snapshot: the client's last applied mutation, its stored
 * rejections, the deletes, the settings and profile, then the rows changed since the cursor up to the page
 * size, own rows first. A reset's first page carries only own rows, so a new device shows the user's
 * bookings before the catalogue arrives. The effects of every mutation up to `lastMutationId` are in the
 * sequence, so the client settles its outbox when the sequence ends.
 */
async function firstPage(
  q: Queryable,
  r: Request,
  start: { version: number; windowEnd: string; lastMutationId: number; results: PullResponse['results'] },
  cursor: { version: number; windowEnd: string } | undefined,
): Promise<PullResponse> {
  const since = cursor?.version ?? 0;
  const previousEnd = cursor?.windowEnd ?? null;
  const page = await pageFrom(
    q,
    scopeOf(r, since, start.version, previousEnd, start.windowEnd),
    { table: PAGED_TABLES[0], after: '' },
    SYNC_PAGE_ROWS,
    !cursor || r.legacy !== undefined,
  );
  const position = page.next && { since, previousEnd, lastMutationId: start.lastMutationId, ...page.next };
  return {
    cursor: cursorAfter(r, start, position),
    lastMutationId: start.lastMutationId,
    reset: !cursor,
    results: start.results,
    changes: { ...page.changes, ...(await ownSingles(q, r.user, since, start.version)) },
    deletes: cursor ? guestSafe(r.user, await deletesSince(q, since, start.version)) : {},
    covers: page.covers,
    hasMore: r.legacy === undefined && Boolean(position),
    keepSince: r.keepSince,
  };
}

/**
 * A later page, read now. The cursor keeps the first page's version until the last page, and the page
 * sends rows up to it only, so whatever changed meanwhile comes with the next pull, once; `lastMutationId`
 * is the first page's.
 */
async function laterPage(q: Queryable, r: Request, cursor: { version: number; windowEnd: string }, position: PagePosition): Promise<PullResponse> {
  const page = await pageFrom(q, scopeOf(r, position.since, cursor.version, position.previousEnd, cursor.windowEnd), position, SYNC_PAGE_ROWS, false);
  const next = page.next && { ...position, ...page.next };
  return {
    cursor: makeCursor(cursor.version, cursor.windowEnd, r.stamp, next),
    lastMutationId: position.lastMutationId,
    reset: false,
    results: [],
    changes: page.changes,
    deletes: {},
    covers: page.covers,
    hasMore: Boolean(next),
    keepSince: r.keepSince,
  };
}

/**
 * The client's last mutation whose rows the sequence sends: its last applied one, unless that one's
 * transaction is above the watermark (PostgreSQL, while an older transaction is still open). Then its rows
 * wait for a later pull, and so does its settling: the answer names the mutation before the first pending
 * one, which settles nothing new and never reads as a server that lost the client's mutations.
 */
function settledThrough(client: SyncClientRow | undefined, watermark: number, pendingFrom: number | undefined): number {
  if (!client) return 0;
  if (client.version <= watermark || pendingFrom === undefined) return client.lastMutationId;
  return Math.min(client.lastMutationId, pendingFrom - 1);
}

/**
 * One page of a pull, from one consistent read. A cursor the server cannot serve starts a reset
 * sequence; a cursor inside a sequence gets the next page, any other the first page of a new one.
 */
export async function pull(ctx: DbAndClock, user: UserRow, request: PullRequest): Promise<PullResponse> {
  await claimClient(ctx, user, request.clientId);
  const now = ctx.now();
  const windowEnd = dayjs(now).add(FLIGHT_WINDOW_DAYS, 'day').format('YYYY-MM-DD');
  const from = dayjs(now).subtract(1, 'day').toISOString();
  await awaitEarlierWrites(ctx.db);
  return snapshot(ctx.db, async (tx) => {
    const version = await syncWatermark(tx);
    const client = await findClient(tx, request.clientId);
    const cursor = request.cursor ? readCursor(request.cursor) : undefined;
    const historyDays = may('backOffice', user) ? (await readSettings(tx)).deviceHistoryDays : null;
    const stamp = clientStamp(client, historyDays);
    const reset =
      !cursor ||
      request.schemaVersion !== SYNC_SCHEMA_VERSION ||
      cursor.schema !== SYNC_SCHEMA_VERSION ||
      cursor.version > version ||
      cursor.client !== stamp ||
      expired(cursor, now);
    const r: Request = {
      user,
      stamp,
      from,
      nowIso: now.toISOString(),
      legacy: request.schemaVersion < SYNC_SCHEMA_VERSION ? request.schemaVersion : undefined,
      keepSince: historyDays === null ? null : keepSinceFor(now, historyDays),
    };
    if (!reset && cursor.page) return laterPage(tx, r, cursor, cursor.page);
    const results = request.pendingFrom ? await storedResults(tx, request.clientId, request.pendingFrom) : [];
    return firstPage(tx, r, { version, windowEnd, lastMutationId: settledThrough(client, version, request.pendingFrom), results }, reset ? undefined : cursor);
  });
}
