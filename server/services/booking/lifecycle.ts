import { and, eq, inArray, isNotNull, lte, not, sql } from 'drizzle-orm';
import type { Outbox } from '../../outbox/outbox';
import type { DbAndClock } from '../deps';
import type { Site } from '../mail/notifications';
import { first, inTurn, type Queryable, type Tx } from '../../db/client';
import { lockFor } from '../../db/locks';
import { bookings, flights, payments, seatAllocations } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { commitWithEffects } from '../../outbox/commit';
import { pokeEffect } from '../../outbox/effects';
import { recordChange } from '../back-office/audit';
import { cancelBookingTx, completeBookingTx } from './booking-status';
import { checkInNotices } from './check-in-notices';
import { getBookingRow, toBookingJson } from './booking-view';
import { REVIEW_DEADLINE_PASSED } from './hold-rules';
import { bookingMails } from '../mail/notifications';

const DEADLINE_PASSED = 'payment deadline passed';

/** A claimed payment no admin decided on expired at the review deadline; any other at the payment deadline. */
async function expiryReason(tx: Tx, bookingId: string): Promise<string> {
  const payment = await first(
    tx.select({ status: payments.status, awaitingReviewAt: payments.awaitingReviewAt }).from(payments).where(eq(payments.bookingId, bookingId)),
  );
  return payment?.status === 'pending' && payment.awaitingReviewAt ? REVIEW_DEADLINE_PASSED : DEADLINE_PASSED;
}

/**
 * The bookings (one row per seat: may repeat) of pending bookings whose seat holds ran out, found through
 * the holds' expiry index. NOTE: no DISTINCT: SQLite would then walk every allocation in booking order.
 */
export function lapsedHolds(q: Queryable, nowIso: string) {
  return (
    q
      .select({ id: seatAllocations.bookingId })
      .from(seatAllocations)
      .innerJoin(bookings, eq(bookings.id, seatAllocations.bookingId))
      // 'released' too: a buyer who takes a seat whose hold ran out releases it before this pass sees it.
      .where(
        and(
          eq(bookings.status, 'pending'),
          inArray(seatAllocations.state, ['held', 'released']),
          isNotNull(seatAllocations.holdExpiresAt),
          lte(seatAllocations.holdExpiresAt, nowIso),
        ),
      )
  );
}

/**
 * Confirmed bookings whose last leg has departed, through the partial index of confirmed bookings.
 * NOTE: the status is written in the SQL, not bound: SQLite uses a partial index only for a condition it can
 * see implies the index's. A booking on a flight the airline cancelled was not flown: it stays open for its
 * refund (product rules §4.10).
 */
export function finishedBookings(q: Queryable, nowIso: string) {
  const lastDeparture = sql`coalesce((select departure_time from flights r where r.id = ${bookings.returnFlightId}), ${flights.departureTime})`;
  const cancelledLeg = sql`exists (select 1 from flights c where c.status = 'cancelled' and c.id in (${bookings.flightId}, ${bookings.returnFlightId}))`;
  return q
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(flights, eq(flights.id, bookings.flightId))
    .where(and(sql`${bookings.status} = 'confirmed'`, sql`${lastDeparture} <= ${nowIso}`, not(cancelledLeg)));
}

/** Scheduled or delayed flights whose departure time has passed, through the (status, departure) index. */
export function departedFlights(q: Queryable, nowIso: string) {
  return q
    .select({ id: flights.id, status: flights.status })
    .from(flights)
    .where(and(inArray(flights.status, ['scheduled', 'delayed']), lte(flights.departureTime, nowIso)));
}

type Due = { expiredIds: string[]; finished: string[]; departed: { id: string; status: string }[]; any: boolean };

/** The bookings whose holds ran out, those whose last leg departed, and the flights that departed. */
async function due(tx: Tx, nowIso: string): Promise<Due> {
  const expiredIds = [...new Set((await lapsedHolds(tx, nowIso)).map((r) => r.id))];
  const finished = (await finishedBookings(tx, nowIso)).map((r) => r.id);
  const departed = await departedFlights(tx, nowIso);
  return { expiredIds, finished, departed, any: expiredIds.length + finished.length + departed.length > 0 };
}

/** What is due, read again once the rows found are locked (db/locks.ts): only those still due and locked. */
async function dueOnceLocked(tx: Tx, nowIso: string, found: Due): Promise<Due> {
  if (!(await lockFor(tx, { bookings: [...found.expiredIds, ...found.finished], flights: found.departed.map((f) => f.id) }))) return found;
  const locked = new Set([...found.expiredIds, ...found.finished, ...found.departed.map((f) => f.id)]);
  const again = await due(tx, nowIso);
  const expiredIds = again.expiredIds.filter((id) => locked.has(id));
  const finished = again.finished.filter((id) => locked.has(id));
  const departed = again.departed.filter((f) => locked.has(f.id));
  return { expiredIds, finished, departed, any: expiredIds.length + finished.length + departed.length > 0 };
}

/**
 * One pass of the lifecycle: pending bookings whose holds ran out are cancelled and their seats
 * freed (the traveller is mailed; a review that ran out is mailed to the operator too); confirmed
 * bookings whose last leg has departed are completed; departed flights say so; owners of bookings whose
 * check-in opened are notified (once each). The mails, pokes and pushes go through the outbox with the
 * pass's transaction.
 */
export async function sweep(ctx: DbAndClock & Site & { outbox: Outbox }): Promise<{ expired: number; completed: number; departed: number }> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  return commitWithEffects(ctx, async (tx) => {
    const found = await due(tx, nowIso);
    // NOTE: a payment approved or a booking cancelled meanwhile (PostgreSQL writes run side by side) must not be expired too.
    const { expiredIds, finished, departed } = found.any ? await dueOnceLocked(tx, nowIso, found) : found;
    const checkIns = await checkInNotices(tx, now);
    if (!expiredIds.length && !finished.length && !departed.length) return { result: { expired: 0, completed: 0, departed: 0 }, effects: checkIns };
    const version = await nextVersion(tx);
    const change = { actorId: null, now, version };
    const expiring = await inTurn(expiredIds, async (id) => ({ id, reason: await expiryReason(tx, id) }));
    for (const { id, reason } of expiring) await cancelBookingTx(tx, await getBookingRow(tx, id), { ...change, reason });
    for (const id of finished) await completeBookingTx(tx, await getBookingRow(tx, id), { ...change, reason: 'last flight departed' });
    if (departed.length)
      await tx
        .update(flights)
        .set({ status: 'departed', updatedAt: nowIso, version })
        .where(
          inArray(
            flights.id,
            departed.map((f) => f.id),
          ),
        );
    for (const { id, status } of departed)
      await recordChange(tx, { action: 'flight.status', actorId: null, entity: 'flight', entityId: id, from: status, to: 'departed' }, now);
    const expired = await inTurn(expiring, async ({ id, reason }) => ({ booking: await toBookingJson(tx, await getBookingRow(tx, id), nowIso), reason }));
    const mails = await inTurn(expired, async ({ booking, reason }) =>
      // Past the payment deadline with nothing awaiting review: no payment was received.
      reason === REVIEW_DEADLINE_PASSED
        ? await bookingMails.reviewExpired(ctx, tx, booking)
        : await bookingMails.bookingCancelled(ctx, tx, booking, reason, { kind: 'none' }),
    );
    const pokes = expired.length || finished.length ? [pokeEffect(expired.map((e) => e.booking.userId._id))] : [];
    return { result: { expired: expired.length, completed: finished.length, departed: departed.length }, effects: [...mails.flat(), ...pokes, ...checkIns] };
  });
}
