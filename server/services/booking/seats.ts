import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte, not, sql } from 'drizzle-orm';
import { later } from '../../db/batching';
import { first, prepareOnce, type Tx } from '../../db/client';
import { inJsonList, jsonList } from '../../db/dialect';
import { activeAllocation } from '../../db/flight-queries';
import { constraintRejection } from '../../db/constraints';
import { flights, seatAllocations } from '../../db/schema';
import { conflict } from '../../errors';

export type SeatRequest = { flightId: string; seats: string[]; travellerIds: string[] };
/** A seat as holdSeats wrote it, in the order asked. */
export type HeldSeat = { flightId: string; seatLabel: string; travellerId: string | null; boardingCode: null };

const now = sql.placeholder('now');
const flightId = sql.placeholder('flightId');
const seatLabel = sql.placeholder('seatLabel');

/** A hold whose time is up on one seat is released, so the unique index sees only live ones. */
const preparedRelease = prepareOnce((tx) =>
  tx
    .update(seatAllocations)
    .set({ state: 'released' })
    .where(
      and(
        eq(seatAllocations.flightId, flightId),
        eq(seatAllocations.seatLabel, seatLabel),
        eq(seatAllocations.state, 'held'),
        isNotNull(seatAllocations.holdExpiresAt),
        lte(seatAllocations.holdExpiresAt, now),
      ),
    )
    .prepare(),
);

const preparedTaken = prepareOnce((tx) =>
  tx
    .select({ seat: seatAllocations.seatLabel })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.flightId, flightId), eq(seatAllocations.seatLabel, seatLabel), activeAllocation(now)))
    .prepare(),
);

const preparedInsert = prepareOnce((tx) =>
  tx
    .insert(seatAllocations)
    .values({
      id: sql.placeholder('id'),
      flightId,
      seatLabel,
      bookingId: sql.placeholder('bookingId'),
      travellerId: sql.placeholder('travellerId'),
      state: 'held',
      holdExpiresAt: sql.placeholder('holdExpiresAt'),
      createdAt: now,
    })
    .prepare(),
);

/**
 * The seats of `request` already held or sold, in the order asked, once lapsed holds on them are released
 * so that the unique index sees only live ones. All its statements go to the database together.
 */
export async function takenSeats(tx: Tx, request: Pick<SeatRequest, 'flightId' | 'seats'>, at: Date): Promise<string[]> {
  const nowIso = at.toISOString();
  const release = preparedRelease(tx);
  const taken = preparedTaken(tx);
  const found = await Promise.all(
    request.seats.map(async (seat) => {
      const values = { flightId: request.flightId, seatLabel: seat, now: nowIso };
      await later(tx, () => release.execute(values));
      return (await first(taken.execute(values))) ? seat : undefined;
    }),
  );
  return found.filter((seat): seat is string => seat !== undefined);
}

/**
 * Holds seats for a booking inside the caller's immediate transaction, once takenSeats found them free.
 * The partial unique index is the last word: a seat taken meanwhile answers 409 'Seat {label} is no
 * longer available', so two processes can never both win. On PostgreSQL the inserts go with the commit
 * (`later`), whose refusal names the seat (db/constraints.ts).
 */
export function holdSeats(tx: Tx, bookingId: string, request: SeatRequest, holdExpiresAt: string | null, at: Date): Promise<HeldSeat[]> {
  const nowIso = at.toISOString();
  const insert = preparedInsert(tx);
  return Promise.all(
    request.seats.map(async (seat, index) => {
      const travellerId = request.travellerIds[index] ?? null;
      try {
        await later(tx, () =>
          insert.execute({ id: randomUUID(), flightId: request.flightId, seatLabel: seat, bookingId, travellerId, holdExpiresAt, now: nowIso }),
        );
      } catch (error) {
        if (constraintRejection(error)?.code === 'seat_unavailable') throw conflict(`Seat ${seat} is no longer available`, 'seat_unavailable');
        throw error;
      }
      return { flightId: request.flightId, seatLabel: seat, travellerId, boardingCode: null };
    }),
  );
}

/** A booking as its seats know it: its id and its legs. */
type SeatOwner = { id: string; flightId: string; returnFlightId: string | null };

/**
 * Moves a booking's live allocations to a new state or hold expiry (sell, release, extend), and stamps its
 * flights with `version`: their free seats, or the moment a hold lapses, which a search's stamp reads,
 * may change with it. A released seat may be sold again, so its boarding pass goes with it.
 */
export async function setBookingSeats(
  tx: Tx,
  booking: SeatOwner,
  change: { state: 'held' | 'sold' | 'released'; holdExpiresAt?: string | null },
  version: number,
): Promise<void> {
  const passes = change.state === 'released' ? { boardingCode: null } : {};
  await tx
    .update(seatAllocations)
    .set({ state: change.state, holdExpiresAt: change.holdExpiresAt ?? null, ...passes })
    .where(and(eq(seatAllocations.bookingId, booking.id), inArray(seatAllocations.state, ['held', 'sold'])));
  await touchFlights(tx, [booking.flightId, booking.returnFlightId], version);
}

/** availableSeats lives on the flight row the PWA syncs, so a seat change stamps the flight too. */
const touch = prepareOnce((tx) =>
  tx
    .update(flights)
    .set({ version: sql`${sql.placeholder('version')}` })
    .where(inJsonList(tx, flights.id, 'ids'))
    .prepare(),
);

export async function touchFlights(tx: Tx, flightIds: (string | null)[], version: number): Promise<void> {
  const ids = flightIds.filter((id): id is string => Boolean(id));
  if (ids.length) await touch(tx).execute({ version, ...jsonList('ids', ids) });
}

/** True when any of a booking's seats is no longer held or sold for it: its hold ran out or was released. */
export async function holdLapsed(tx: Tx, bookingId: string, nowIso: string): Promise<boolean> {
  const lapsed = await first(
    tx
      .select({ id: seatAllocations.id })
      .from(seatAllocations)
      .where(and(eq(seatAllocations.bookingId, bookingId), not(activeAllocation(nowIso)))),
  );
  return lapsed !== undefined;
}
