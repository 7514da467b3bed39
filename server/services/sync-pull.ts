import { and, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import { FLIGHT_WINDOW_DAYS, makeCursor, readCursor, SYNC_SCHEMA_VERSION, type PullRequest, type PullResponse, type SyncChanges } from '../../sync/protocol';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { selectFlights } from '../db/flight-queries';
import { airports, bookings, payments, settings, syncState, tombstones, users } from '../db/schema';
import { toAirportJson } from './airports';
import { toBookingJson } from './booking-view';
import { CHAT_TABLES, chatChanges, guestChanges } from './chat-sync';
import { claimClient, findClient, storedResults } from './sync-clients';
import { toFlightJson } from './flights';
import { toPaymentJson } from './payments';
import { adminSettings, publicSettings, readSettings } from './settings';
import { toUserJson, type UserRow } from './users';

type Window = { from: string; to: string; since: number; previousEnd: string | null };

function visibleTo(user: UserRow, column: typeof bookings.userId | typeof payments.userId): SQL | undefined {
  return user.role === 'admin' ? undefined : eq(column, user.id);
}

function changedFlights(q: Queryable, user: UserRow, w: Window, nowIso: string) {
  const booked = q
    .select({ flightId: bookings.flightId, returnFlightId: bookings.returnFlightId })
    .from(bookings)
    .where(visibleTo(user, bookings.userId))
    .all()
    .flatMap((b) => [b.flightId, b.returnFlightId ?? b.flightId]);
  const inWindow = selectFlights(q, { departingAfter: w.from, localDateTo: w.to, minVersion: w.since }, nowIso);
  const entered = w.previousEnd && w.previousEnd < w.to ? selectFlights(q, { localDateAfter: w.previousEnd, localDateTo: w.to }, nowIso) : [];
  const bookedChanged = booked.length ? selectFlights(q, { ids: [...new Set(booked)], minVersion: w.since }, nowIso) : [];
  const byId = new Map([...inWindow, ...entered, ...bookedChanged].map((row) => [row.flight.id, row]));
  return [...byId.values()];
}

function collectChanges(q: Queryable, user: UserRow, w: Window, nowIso: string): Omit<SyncChanges, 'conversations' | 'messages'> {
  const flightRows = changedFlights(q, user, w, nowIso);
  const flightIds = flightRows.map((r) => r.flight.id);
  // Bookings and payments show their user's name and e-mail: a profile change sends them again.
  const usersChanged = q.select({ id: users.id }).from(users).where(gt(users.version, w.since));
  const paidBookingIds = q.select({ id: payments.bookingId }).from(payments).where(and(gt(payments.version, w.since), visibleTo(user, payments.userId))).all().map((r) => r.id);
  const bookingRows = q
    .select()
    .from(bookings)
    .where(
      and(
        visibleTo(user, bookings.userId),
        or(
          gt(bookings.version, w.since),
          inArray(bookings.flightId, flightIds),
          inArray(bookings.returnFlightId, flightIds),
          inArray(bookings.id, paidBookingIds),
          inArray(bookings.userId, usersChanged),
        ),
      ),
    )
    .all();
  const paymentRows = q
    .select()
    .from(payments)
    .where(and(visibleTo(user, payments.userId), or(gt(payments.version, w.since), inArray(payments.userId, usersChanged))))
    .all();
  const settingsRow = q.select({ version: settings.version }).from(settings).where(gt(settings.version, w.since)).get();
  const stored = readSettings(q);
  const profile = q.select().from(users).where(and(eq(users.id, user.id), gt(users.version, w.since))).all();
  return {
    airports: q.select().from(airports).where(gt(airports.version, w.since)).all().map(toAirportJson),
    flights: flightRows.map(toFlightJson),
    bookings: bookingRows.map((row) => toBookingJson(q, row, nowIso)),
    payments: paymentRows.map((row) => {
      const { bookingId, ...rest } = toPaymentJson(q, row, nowIso);
      return { ...rest, bookingId: bookingId._id, bookingRef: bookingId.bookingId };
    }),
    settings: settingsRow ? [{ _id: 'settings' as const, ...(user.role === 'admin' ? adminSettings(stored) : publicSettings(stored)) }] : [],
    profile: profile.map(toUserJson),
  };
}

function deletesSince(q: Queryable, since: number): Record<string, string[]> {
  const deletes: Record<string, string[]> = {};
  for (const row of q.select().from(tombstones).where(gt(tombstones.version, since)).all()) {
    (deletes[row.tableName] ??= []).push(row.rowId);
  }
  return deletes;
}

/** A guest learns of no other table's rows, not even deleted ids. */
function guestSafe(user: UserRow, deletes: Record<string, string[]>): Record<string, string[]> {
  return user.role === 'guest' ? Object.fromEntries(Object.entries(deletes).filter(([table]) => CHAT_TABLES.has(table))) : deletes;
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
 * One consistent read: the changes since the cursor and the client's last applied mutation come
 * from the same snapshot, so a pull never shows a mutation's id without its effects.
 */
export function pull(ctx: AppContext, user: UserRow, request: PullRequest): PullResponse {
  claimClient(ctx, user, request.clientId);
  const now = ctx.now();
  const nowIso = now.toISOString();
  const windowEnd = dayjs(now).add(FLIGHT_WINDOW_DAYS, 'day').format('YYYY-MM-DD');
  const from = dayjs(now).subtract(1, 'day').toISOString();
  return ctx.db.transaction(
    (tx) => {
      const version = tx.select().from(syncState).where(eq(syncState.id, 1)).get()?.version ?? 0;
      const client = findClient(tx, request.clientId);
      const cursor = request.cursor ? readCursor(request.cursor) : undefined;
      const stamp = clientStamp(client);
      const reset = !cursor || request.schemaVersion !== SYNC_SCHEMA_VERSION || cursor.schema !== SYNC_SCHEMA_VERSION || cursor.version > version || cursor.client !== stamp || expired(cursor, now);
      const window: Window = { from, to: windowEnd, since: reset ? 0 : (cursor?.version ?? 0), previousEnd: reset ? null : (cursor?.windowEnd ?? null) };
      const results = request.pendingFrom ? storedResults(tx, request.clientId, request.pendingFrom) : [];
      return {
        cursor: makeCursor(version, windowEnd, stamp),
        lastMutationId: client?.lastMutationId ?? 0,
        reset,
        results,
        changes:
          user.role === 'guest' ? guestChanges(tx, user, window.since) : { ...collectChanges(tx, user, window, nowIso), ...chatChanges(tx, user, window.since) },
        deletes: reset ? {} : guestSafe(user, deletesSince(tx, window.since)),
        hasMore: false,
      };
    },
    { behavior: 'deferred' },
  );
}
