import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte, not, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { activeAllocation } from '../db/flight-queries';
import { flights, seatAllocations } from '../db/schema';
import { conflict } from '../errors';

export type SeatRequest = { flightId: string; seats: string[]; travellerIds: string[] };

/** Releases holds whose time is up on the given seats, so the unique index sees only live ones. */
function releaseExpired(tx: Tx, flightId: string, seats: string[], nowIso: string): void {
  tx.update(seatAllocations)
    .set({ state: 'released' })
    .where(
      and(
        eq(seatAllocations.flightId, flightId),
        inArray(seatAllocations.seatLabel, seats),
        eq(seatAllocations.state, 'held'),
        isNotNull(seatAllocations.holdExpiresAt),
        lte(seatAllocations.holdExpiresAt, nowIso),
      ),
    )
    .run();
}

/**
 * Holds seats for a booking inside the caller's immediate transaction. A seat that is already
 * held or sold answers 409 'Seat {label} is no longer available'; the partial unique index is the
 * last word, so two processes can never both win.
 */
export function holdSeats(tx: Tx, bookingId: string, request: SeatRequest, holdExpiresAt: string | null, now: Date): void {
  const nowIso = now.toISOString();
  releaseExpired(tx, request.flightId, request.seats, nowIso);
  const taken = tx
    .select({ seat: seatAllocations.seatLabel })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.flightId, request.flightId), inArray(seatAllocations.seatLabel, request.seats), activeAllocation(nowIso)))
    .get();
  if (taken) throw conflict(`Seat ${taken.seat} is no longer available`);
  request.seats.forEach((seatLabel, index) => {
    try {
      tx.insert(seatAllocations)
        .values({
          id: randomUUID(),
          flightId: request.flightId,
          seatLabel,
          bookingId,
          travellerId: request.travellerIds[index] ?? null,
          state: 'held',
          holdExpiresAt,
          createdAt: nowIso,
        })
        .run();
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw conflict(`Seat ${seatLabel} is no longer available`);
      }
      throw error;
    }
  });
}

/** Moves a booking's live allocations to a new state or hold expiry (sell, release, extend). */
export function setBookingSeats(
  tx: Tx,
  bookingId: string,
  change: { state: 'held' | 'sold' | 'released'; holdExpiresAt?: string | null },
): void {
  tx.update(seatAllocations)
    .set({ state: change.state, holdExpiresAt: change.holdExpiresAt ?? null })
    .where(and(eq(seatAllocations.bookingId, bookingId), inArray(seatAllocations.state, ['held', 'sold'])))
    .run();
}

export function bookingSeats(tx: Tx, bookingId: string) {
  return tx.select().from(seatAllocations).where(eq(seatAllocations.bookingId, bookingId)).all();
}

/** availableSeats lives on the flight row the PWA syncs, so a seat change stamps the flight too. */
export function touchFlights(tx: Tx, flightIds: (string | null)[], version: number): void {
  const ids = flightIds.filter((id): id is string => Boolean(id));
  if (ids.length) tx.update(flights).set({ version }).where(inArray(flights.id, ids)).run();
}

export function countActive(tx: Tx, flightId: string, nowIso: string): number {
  const row = tx
    .select({ n: sql<number>`count(*)` })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.flightId, flightId), activeAllocation(nowIso)))
    .get();
  return row?.n ?? 0;
}

/** True when any of a booking's seats is no longer held or sold for it: its hold ran out or was released. */
export function holdLapsed(tx: Tx, bookingId: string, nowIso: string): boolean {
  const lapsed = tx
    .select({ id: seatAllocations.id })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.bookingId, bookingId), not(activeAllocation(nowIso))))
    .get();
  return lapsed !== undefined;
}
