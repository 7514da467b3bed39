import { and, eq, gt, inArray, or } from 'drizzle-orm';
import dayjs from 'dayjs';
import { FLIGHT_WINDOW_DAYS } from '../../../sync/constants';
import {
  makeCursor,
  readCursor,
  SYNC_PAGE_ROWS,
  SYNC_SCHEMA_VERSION,
  SyncChangesSchema,
  type PagePosition,
  type PullRequest,
  type PullResponse,
  type SyncChanges,
} from '../../../sync/protocol';
import type { AppContext } from '../../context';
import { first, snapshot, type Queryable } from '../../db/client';
import { selectFlightsByIds } from '../../db/flight-queries';
import { bookings, flights, payments, settings, syncState, tombstones, users } from '../../db/schema';
import { inParts, nextTurn } from '../../parts';
import { may, visibleRows } from '../../policies';
import { toBookingsJson } from '../booking/booking-view';
import { CHAT_TABLES, chatChanges, guestChanges } from '../chat/chat-sync';
import { bookedFlightIds, cataloguePage } from './sync-catalogue';
import { claimClient, findClient, storedResults } from './sync-clients';
import { toFlightJson } from '../catalogue/flights';
import { paymentLinkHash, toPaymentsJson } from '../payment/payments';
import { adminSettings, publicSettings, readSettings } from '../back-office/settings';
import { toUserJson, type UserRow } from '../identity/users';

/** The user's booked flights (every booked flight for admins) changed since `since`, as the app shows them. */
async function bookedFlights(q: Queryable, user: UserRow, since: number, nowIso: string) {
  const booked = or(inArray(flights.id, bookedFlightIds(q, user, bookings.flightId)), inArray(flights.id, bookedFlightIds(q, user, bookings.returnFlightId)));
  const ids = (
    await q
      .select({ id: flights.id })
      .from(flights)
      .where(and(gt(flights.version, since), booked))
  ).map((row) => row.id);
  return inParts(ids, async (part) => (await selectFlightsByIds(q, part, nowIso)).map(toFlightJson));
}

/**
 * The user's own rows changed since `since`, and every row a mutation can change: bookings, payments,
 * settings, profile and the booked flights (a cancellation frees seats).
 */
async function ownChanges(q: Queryable, user: UserRow, since: number, nowIso: string): Promise<Omit<SyncChanges, 'airports' | 'conversations' | 'messages'>> {
  const pulledFlights = await bookedFlights(q, user, since, nowIso);
  // A booking shows its flights: one on a flight changed since the cursor comes again.
  const changedFlights = q.select({ id: flights.id }).from(flights).where(gt(flights.version, since));
  // Bookings and payments show their user's name and e-mail: a profile change sends them again.
  const usersChanged = q.select({ id: users.id }).from(users).where(gt(users.version, since));
  const paidBookings = q
    .select({ id: payments.bookingId })
    .from(payments)
    .where(and(gt(payments.version, since), visibleRows('payment.read', user, payments.userId)));
  const bookingRows = await q
    .select()
    .from(bookings)
    .where(
      and(
        visibleRows('booking.read', user, bookings.userId),
        or(
          gt(bookings.version, since),
          inArray(bookings.flightId, changedFlights),
          inArray(bookings.returnFlightId, changedFlights),
          inArray(bookings.id, paidBookings),
          inArray(bookings.userId, usersChanged),
        ),
      ),
    );
  await nextTurn();
  const paymentRows = await q
    .select()
    .from(payments)
    .where(and(visibleRows('payment.read', user, payments.userId), or(gt(payments.version, since), inArray(payments.userId, usersChanged))));
  const settingsRow = await first(q.select({ version: settings.version }).from(settings).where(gt(settings.version, since)));
  const stored = await readSettings(q);
  const profile = await q
    .select()
    .from(users)
    .where(and(eq(users.id, user.id), gt(users.version, since)));
  await nextTurn();
  const pulledBookings = await inParts(bookingRows, (part) => toBookingsJson(q, part, nowIso));
  const bookingById = new Map(pulledBookings.map((booking) => [booking._id, booking]));
  const accessKeys = new Map(paymentRows.map((row) => [row.id, row.accessKey]));
  const pulledPayments = await inParts(paymentRows, async (part) =>
    (
      await toPaymentsJson(
        q,
        part,
        nowIso,
        part.flatMap((row) => bookingById.get(row.bookingId) ?? []),
      )
    ).map(({ bookingId, ...rest }) => {
      const key = accessKeys.get(rest._id);
      return {
        ...rest,
        bookingId: bookingId._id,
        bookingRef: bookingId.bookingId,
        linkHash: key !== undefined && may('payment.link', user, rest.userId._id) ? paymentLinkHash(key) : null,
      };
    }),
  );
  return {
    flights: pulledFlights,
    bookings: pulledBookings,
    payments: pulledPayments,
    settings: settingsRow ? [{ _id: 'settings' as const, ...(may('settings.readPrivate', user) ? adminSettings(stored) : publicSettings(stored)) }] : [],
    profile: profile.map(toUserJson),
  };
}

async function deletesSince(q: Queryable, since: number): Promise<Record<string, string[]>> {
  const deletes: Record<string, string[]> = {};
  for (const row of await q.select().from(tombstones).where(gt(tombstones.version, since))) {
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

/** The server's record of a client, as a cursor names it: the record made anew after a wipe never matches. */
function clientStamp(client: { createdAt: string } | undefined): string {
  return client ? Date.parse(client.createdAt).toString(36) : '';
}

function expired(cursor: { windowEnd: string }, now: Date): boolean {
  const issued = dayjs(cursor.windowEnd).subtract(FLIGHT_WINDOW_DAYS, 'day').format('YYYY-MM-DD');
  return issued <= dayjs(now).subtract(TOMBSTONE_DAYS, 'day').format('YYYY-MM-DD');
}

/**
 * An app of schema 2 (installed before pages, until it takes the update) gets a reset with its own rows
 * and no catalogue in every answer, under a cursor of its schema: so once updated it is reset again.
 */
const LEGACY_SCHEMA = 2;

/** `legacy`: the app predates pages, so it reads neither a page position nor more pages. */
type Request = { user: UserRow; stamp: string; from: string; nowIso: string; legacy: boolean };

/** One row per id: a booked flight can be in the own rows and in the catalogue page. */
function unique<T extends { _id: string }>(rows: T[]): T[] {
  return [...new Map(rows.map((row) => [row._id, row])).values()];
}

/**
 * The first page of a sequence, from one snapshot: the client's last applied mutation, its stored
 * rejections, the deletes, and every own row changed since the cursor (so the effects of every mutation
 * up to `lastMutationId`); then catalogue rows up to the page size. A reset's first page carries only
 * the own rows, so a new device shows the user's bookings before the catalogue arrives.
 */
async function firstPage(
  q: Queryable,
  r: Request,
  start: { version: number; windowEnd: string; lastMutationId: number; results: PullResponse['results'] },
  cursor: { version: number; windowEnd: string } | undefined,
): Promise<PullResponse> {
  const since = cursor?.version ?? 0;
  const previousEnd = cursor?.windowEnd ?? null;
  const own = may('sync.accountTables', r.user)
    ? { ...SyncChangesSchema.parse({}), ...(await ownChanges(q, r.user, since, r.nowIso)), ...(await chatChanges(q, r.user, since)) }
    : await guestChanges(q, r.user, since);
  const scope = { user: r.user, since, previousEnd, from: r.from, to: start.windowEnd, nowIso: r.nowIso };
  const catalogue = await cataloguePage(q, scope, { table: 'airports', after: '' }, cursor ? SYNC_PAGE_ROWS : 0);
  const position = r.legacy ? undefined : catalogue.next && { since, previousEnd, lastMutationId: start.lastMutationId, ...catalogue.next };
  return {
    cursor: r.legacy
      ? makeCursor(start.version, start.windowEnd, r.stamp, undefined, LEGACY_SCHEMA)
      : makeCursor(start.version, start.windowEnd, r.stamp, position),
    lastMutationId: start.lastMutationId,
    reset: !cursor,
    results: start.results,
    changes: { ...own, airports: catalogue.changes.airports, flights: unique([...own.flights, ...catalogue.changes.flights]) },
    deletes: cursor ? guestSafe(r.user, await deletesSince(q, since)) : {},
    covers: cursor ? [] : catalogue.covers,
    hasMore: Boolean(position),
  };
}

/**
 * A later page: catalogue rows only, read now. The cursor keeps the first page's version until the last
 * page, so whatever changed meanwhile comes with the next pull; `lastMutationId` is the first page's.
 */
async function laterPage(q: Queryable, r: Request, cursor: { version: number; windowEnd: string }, page: PagePosition): Promise<PullResponse> {
  const scope = { user: r.user, since: page.since, previousEnd: page.previousEnd, from: r.from, to: cursor.windowEnd, nowIso: r.nowIso };
  const catalogue = await cataloguePage(q, scope, page, SYNC_PAGE_ROWS);
  const position = catalogue.next && { ...page, ...catalogue.next };
  return {
    cursor: makeCursor(cursor.version, cursor.windowEnd, r.stamp, position),
    lastMutationId: page.lastMutationId,
    reset: false,
    results: [],
    changes: { ...SyncChangesSchema.parse({}), ...catalogue.changes },
    deletes: {},
    covers: page.previousEnd === null ? catalogue.covers : [],
    hasMore: Boolean(position),
  };
}

/**
 * One page of a pull, from one consistent read. A cursor the server cannot serve starts a reset
 * sequence; a cursor inside a sequence gets the next page, any other the first page of a new one.
 */
export async function pull(ctx: AppContext, user: UserRow, request: PullRequest): Promise<PullResponse> {
  await claimClient(ctx, user, request.clientId);
  const now = ctx.now();
  const windowEnd = dayjs(now).add(FLIGHT_WINDOW_DAYS, 'day').format('YYYY-MM-DD');
  const from = dayjs(now).subtract(1, 'day').toISOString();
  return snapshot(ctx.db, async (tx) => {
    const version = (await first(tx.select().from(syncState).where(eq(syncState.id, 1))))?.version ?? 0;
    const client = await findClient(tx, request.clientId);
    const cursor = request.cursor ? readCursor(request.cursor) : undefined;
    const stamp = clientStamp(client);
    const reset =
      !cursor ||
      request.schemaVersion !== SYNC_SCHEMA_VERSION ||
      cursor.schema !== SYNC_SCHEMA_VERSION ||
      cursor.version > version ||
      cursor.client !== stamp ||
      expired(cursor, now);
    const r: Request = { user, stamp, from, nowIso: now.toISOString(), legacy: request.schemaVersion === LEGACY_SCHEMA };
    if (!reset && cursor.page) return laterPage(tx, r, cursor, cursor.page);
    const results = request.pendingFrom ? await storedResults(tx, request.clientId, request.pendingFrom) : [];
    return firstPage(tx, r, { version, windowEnd, lastMutationId: client?.lastMutationId ?? 0, results }, reset ? undefined : cursor);
  });
}
