import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { dollarsToCents, formatMoney } from '../../../sync/money';
import type { Flight, FlightBody, FlightUpdateBody } from '../../../sync/schemas/flight';
import type { Booking } from '../../../sync/schemas/booking';
import { localDate } from '../../../sync/time';
import { first, only, type Queryable, type Tx } from '../../db/client';
import { bookings, flights } from '../../db/schema';
import { nextVersion, recordDelete } from '../../db/version';
import { conflict, invalidField, notFound } from '../../errors';
import { getAirport } from './airports';
import { describeChanges, recordChange } from '../back-office/audit';
import { recordTimesChange } from './flight-changes';
import { getFlight } from './flight-reads';
import { bookingsOnFlight, type FlightChange } from './flight-status';

async function flightNumberTaken(q: Queryable, flightNumber: string, localDay: string, exceptId?: string): Promise<boolean> {
  const existing = await first(
    q
      .select({ id: flights.id })
      .from(flights)
      .where(and(eq(flights.flightNumber, flightNumber), eq(flights.departureLocalDate, localDay))),
  );
  return Boolean(existing && existing.id !== exceptId);
}

/** A flight number is unique per local departure day, as airlines reuse numbers daily. */
async function chooseFlightNumber(q: Queryable, requested: string | undefined, localDay: string, exceptId?: string): Promise<string> {
  if (requested) {
    if (await flightNumberTaken(q, requested, localDay, exceptId)) throw conflict(`Flight ${requested} already flies on ${localDay}`, 'already_exists');
    return requested;
  }
  for (;;) {
    const candidate = `SW${randomInt(1000, 10_000)}`;
    if (!(await flightNumberTaken(q, candidate, localDay))) return candidate;
  }
}

type Schedule = { originId: string; destinationId: string; departureTime: string; arrivalTime: string };

/** Resolves the airports and checks the schedule; answers the stored instants in UTC. */
async function checkedSchedule(q: Queryable, input: Schedule) {
  const originAirport = await getAirport(q, input.originId);
  const destinationAirport = await getAirport(q, input.destinationId);
  if (originAirport.id === destinationAirport.id) {
    throw invalidField('Origin and destination cannot be the same', 'destination');
  }
  const departureTime = new Date(input.departureTime).toISOString();
  const arrivalTime = new Date(input.arrivalTime).toISOString();
  if (arrivalTime <= departureTime) {
    throw invalidField('Arrival must be after departure', 'arrivalTime');
  }
  return {
    originId: originAirport.id,
    destinationId: destinationAirport.id,
    departureTime,
    arrivalTime,
    departureLocalDate: localDate(departureTime, originAirport.timeZone),
  };
}

/** An admin's new flight, audited with its price and times. */
export async function createFlight(tx: Tx, clock: { now: () => Date }, body: FlightBody, actorId: string | null = null): Promise<Flight> {
  const now = clock.now();
  const schedule = await checkedSchedule(tx, { ...body, originId: body.origin, destinationId: body.destination });
  const row = await only(
    tx
      .insert(flights)
      .values({
        id: randomUUID(),
        flightNumber: await chooseFlightNumber(tx, body.flightNumber, schedule.departureLocalDate),
        ...schedule,
        priceCents: dollarsToCents(body.price),
        status: body.status ?? 'scheduled',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        version: await nextVersion(tx),
      })
      .returning(),
  );
  await recordChange(tx, { action: 'flight.created', actorId, entity: 'flight', entityId: row.id, from: null, to: row.status, reason: flightFacts(row) }, now);
  return getFlight(tx, row.id, clock.now());
}

/**
 * An admin's change, answered with the bookings travelling on the flight (`affected`); a new status is
 * audited, new times kept with the old. `news` is what those travellers are pushed: a new status, new times
 * or a new gate; empty, no push.
 */
export async function updateFlight(
  tx: Tx,
  clock: { now: () => Date },
  id: string,
  body: FlightUpdateBody,
  actorId: string | null = null,
): Promise<{ flight: Flight; statusChanged: boolean; news: FlightChange; affected: Booking[] }> {
  const now = clock.now();
  const current = await first(tx.select().from(flights).where(eq(flights.id, id)));
  if (!current) throw notFound('Flight');
  const schedule = await checkedSchedule(tx, {
    originId: body.origin ?? current.originId,
    destinationId: body.destination ?? current.destinationId,
    departureTime: body.departureTime ?? current.departureTime,
    arrivalTime: body.arrivalTime ?? current.arrivalTime,
  });
  await tx
    .update(flights)
    .set({
      ...schedule,
      flightNumber: await chooseFlightNumber(tx, current.flightNumber, schedule.departureLocalDate, id),
      ...(body.price === undefined ? {} : { priceCents: dollarsToCents(body.price) }),
      ...(body.status ? { status: body.status } : {}),
      ...(body.gate === undefined ? {} : { gate: body.gate }),
      ...(body.boardingTime === undefined ? {} : { boardingTime: body.boardingTime && new Date(body.boardingTime).toISOString() }),
      updatedAt: now.toISOString(),
      version: await nextVersion(tx),
    })
    .where(eq(flights.id, id));
  await recordTimesChange(tx, id, current, schedule, now.toISOString());
  const newStatus = body.status && body.status !== current.status ? body.status : undefined;
  if (newStatus) await recordChange(tx, { action: 'flight.status', actorId, entity: 'flight', entityId: id, from: current.status, to: newStatus }, now);
  const changed = await flightChanges(tx, current, { ...schedule, priceCents: body.price === undefined ? current.priceCents : dollarsToCents(body.price) });
  if (changed)
    await recordChange(
      tx,
      { action: 'flight.updated', actorId, entity: 'flight', entityId: id, from: null, to: newStatus ?? current.status, reason: changed },
      now,
    );
  const news: FlightChange = {
    ...(newStatus && { status: newStatus }),
    ...(body.gate !== undefined && body.gate !== current.gate && { gate: body.gate }),
    ...((schedule.departureTime !== current.departureTime || schedule.arrivalTime !== current.arrivalTime) && { times: true }),
  };
  return {
    flight: await getFlight(tx, id, clock.now()),
    statusChanged: newStatus !== undefined,
    news,
    affected: await bookingsOnFlight(tx, id, now.toISOString()),
  };
}

type FlightRow = typeof flights.$inferSelect;
type Changeable = Pick<FlightRow, 'originId' | 'destinationId' | 'departureTime' | 'arrivalTime' | 'priceCents'>;

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** What an edit changed, for the audit: 'price $400.00 -> $450.00; departure 2031-03-01 10:00 UTC -> …'; null when nothing. */
async function flightChanges(q: Queryable, before: Changeable, after: Changeable): Promise<string | null> {
  const code = async (id: string) => (await getAirport(q, id)).code;
  return describeChanges([
    ['origin', await code(before.originId), await code(after.originId)],
    ['destination', await code(before.destinationId), await code(after.destinationId)],
    ['departure', utc(before.departureTime), utc(after.departureTime)],
    ['arrival', utc(before.arrivalTime), utc(after.arrivalTime)],
    ['price', formatMoney(before.priceCents), formatMoney(after.priceCents)],
  ]);
}

/** A flight's facts as the audit records them when it is created or deleted: its price and times. */
function flightFacts(flight: Pick<FlightRow, 'priceCents' | 'departureTime' | 'arrivalTime'>): string {
  return `${formatMoney(flight.priceCents)}; departure ${utc(flight.departureTime)}; arrival ${utc(flight.arrivalTime)}`;
}

/** A flight nobody booked; the audit keeps its number, route and date. */
export async function deleteFlight(tx: Tx, id: string, now: Date, actorId: string): Promise<void> {
  const current = await first(tx.select().from(flights).where(eq(flights.id, id)));
  if (!current) throw notFound('Flight');
  const booked =
    (await first(tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.flightId, id)))) ??
    (await first(tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.returnFlightId, id))));
  if (booked) throw conflict('This flight has bookings and cannot be deleted', 'in_use');
  await recordChange(
    tx,
    { action: 'flight.deleted', actorId, entity: 'flight', entityId: id, from: current.status, to: 'deleted', reason: flightFacts(current) },
    now,
  );
  await tx.delete(flights).where(eq(flights.id, id));
  await recordDelete(tx, 'flights', id, await nextVersion(tx), now);
}
