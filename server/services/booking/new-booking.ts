import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PaymentMethod, TravelClass } from '../../../sync/constants';
import { computeFare } from '../../../sync/fare';
import { formatMoney } from '../../../sync/money';
import { makeReference } from '../../../sync/reference';
import type { TravellerInput } from '../../../sync/schemas/booking';
import type { Env } from '../../env';
import { later, together } from '../../db/batching';
import { first, prepareOnce, type Tx } from '../../db/client';
import { insertLater, insertRow } from '../../db/insert-row';
import { selectFlights, type FlightWithAirports } from '../../db/flight-queries';
import { bookings, payments, travellers } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { conflict, invalidField, notFound } from '../../errors';
import { recordChange } from '../back-office/audit';
import { checkUnpaidCap, unpaidHolds } from './hold-rules';
import { ownedImage } from '../images/images';
import { holdSeats, takenSeats, touchFlights } from './seats';
import { readSettings, type StoredSettings } from '../back-office/settings';
import { bookingLabelOf, paymentLabelOf } from '../back-office/audit-labels';
import { newBookingJson } from './booking-view';

/** The crypto and Cash App window in which 'I have made payment' must be pressed: 15:56. */
export const INSTANT_PAYMENT_WINDOW_MS = 956_000;

export type NewBooking = {
  flightId: string;
  seats: string[];
  returnFlightId?: string;
  returnSeats?: string[];
  travelClass: TravelClass;
  travellers: TravellerInput[];
  email: string;
  phone: string;
  method: PaymentMethod;
  cryptoName?: string;
  /** The amount the browser showed, in cents; checked against the server's fare, never trusted. */
  expectedAmountCents?: number;
};

const bad = (message: string, path: string) => invalidField(message, path);

async function flightRow(tx: Tx, id: string | undefined, nowIso: string): Promise<FlightWithAirports | undefined> {
  return id === undefined ? undefined : (await selectFlights(tx, { id }, nowIso))[0];
}

function bookable(row: FlightWithAirports | undefined, nowIso: string, path: string): FlightWithAirports {
  if (!row) throw notFound('Flight');
  if (row.flight.status !== 'scheduled' && row.flight.status !== 'delayed') throw bad(`Flight ${row.flight.flightNumber} is ${row.flight.status}`, path);
  if (row.flight.departureTime <= nowIso) throw bad(`Flight ${row.flight.flightNumber} has already departed`, path);
  return row;
}

function checkSeats(seats: string[], count: number, path: string): void {
  if (seats.length !== count) throw bad('Choose one seat per traveller', path);
  if (new Set(seats).size !== seats.length) throw bad('Each traveller needs a different seat', path);
}

function isoDob({ day, month, year }: TravellerInput['dob']): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function checkTravellers(list: TravellerInput[], lastDeparture: string, now: Date): string[] {
  return list.map((t, i) => {
    const dob = isoDob(t.dob);
    if (!dob || dob >= now.toISOString().slice(0, 10)) throw bad('Enter a real date of birth in the past', `travellers.${i}.dob`);
    if (t.passportExpiry <= lastDeparture.slice(0, 10)) throw bad('The passport must be valid after the last flight', `travellers.${i}.passportExpiry`);
    return dob;
  });
}

/** Whether each traveller's photo, if any, is an avatar the booker uploaded here. */
function ownPhotos(tx: Tx, list: TravellerInput[], userId: string): Promise<boolean[]> {
  return Promise.all(list.map(async (t) => t.image === undefined || (await ownedImage(tx, t.image, userId, 'avatar')) !== undefined));
}

function checkPhotos(owned: boolean[]): void {
  const missing = owned.indexOf(false);
  if (missing >= 0) throw bad('No image found', `travellers.${missing}.image`);
}

/** The legs' flight rows, read together. */
function legRows(tx: Tx, input: NewBooking, nowIso: string) {
  return together([() => flightRow(tx, input.flightId, nowIso), () => flightRow(tx, input.returnFlightId, nowIso)]);
}

function legsOf(input: NewBooking, [outboundRow, inboundRow]: Awaited<ReturnType<typeof legRows>>, nowIso: string) {
  const outbound = bookable(outboundRow, nowIso, 'flightId');
  checkSeats(input.seats, input.travellers.length, 'seatNumber');
  if (!input.returnFlightId) return { outbound, inbound: undefined };
  const inbound = bookable(inboundRow, nowIso, 'returnFlightId');
  if (inbound.origin.id !== outbound.destination.id || inbound.destination.id !== outbound.origin.id) {
    throw bad('The return flight must fly back from the destination to the origin', 'returnFlightId');
  }
  if (inbound.flight.departureTime <= outbound.flight.arrivalTime) throw bad('The return flight must leave after the outbound flight lands', 'returnFlightId');
  checkSeats(input.returnSeats ?? [], input.travellers.length, 'returnSeatNumber');
  return { outbound, inbound };
}

const byReference = prepareOnce((tx) =>
  tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.reference, sql.placeholder('reference')))
    .prepare(),
);

const newReference = () => makeReference((n) => randomInt(n));

async function referenceFree(tx: Tx, reference: string): Promise<boolean> {
  return !(await first(byReference(tx).execute({ reference })));
}

/** `reference` when no booking has it yet (checked with the booking's first reads), or another that none has. */
async function uniqueReference(tx: Tx, reference: string, free: boolean): Promise<string> {
  if (free) return reference;
  for (;;) {
    const other = newReference();
    if (await referenceFree(tx, other)) return other;
  }
}

/** When a payment by `method` opened at `now` is due (product rules §3.4). */
export function paymentDeadline(settings: StoredSettings, method: PaymentMethod, now: Date): Date {
  if (method !== 'bank_transfer') return new Date(now.getTime() + INSTANT_PAYMENT_WINDOW_MS);
  return new Date(now.getTime() + settings.paymentDeadlineHours * 3_600_000);
}

/** Who a booking is for, and who made it: the same account, or an admin booking by hand. */
export type Account = { id: string; fullName: string; email: string };

/**
 * Creates the booking, its travellers, the seat holds on every leg and a pending payment in one
 * immediate transaction: either all of it is written or none. A traveller booking for themselves
 * stays within the unpaid-holds cap; an admin booking for a customer by hand does not. Answers the
 * rows written and the booking as it reads back (`view`), built from them.
 * NOTE: it reads everything it checks at once, then writes at once with the commit, waiting for no
 * write's answer (db/batching.ts): on PostgreSQL that is two round trips, where one statement after the
 * other took 27. The checks keep their order, so a request wrong in several ways is told the same first
 * thing as before.
 */
export async function createBookingWithPayment(
  tx: Tx,
  ctx: { now: () => Date; env: Pick<Env, 'RATE_LIMITS'> },
  input: NewBooking,
  who: { booker: Account; actor: Account },
) {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const { booker, actor } = who;
  // RATE_LIMITS=off (load tests from one machine) lifts the unpaid-holds cap with the other per-account limits.
  const capped = actor.id === booker.id && ctx.env.RATE_LIMITS !== 'off';
  const reference = newReference();
  const [rows, photos, settings, held, version, free, taken, takenBack] = await together([
    () => legRows(tx, input, nowIso),
    () => ownPhotos(tx, input.travellers, booker.id),
    () => readSettings(tx),
    () => (capped ? unpaidHolds(tx, booker.id, nowIso) : Promise.resolve(undefined)),
    () => nextVersion(tx),
    () => referenceFree(tx, reference),
    () => takenSeats(tx, { flightId: input.flightId, seats: input.seats }, now),
    () => (input.returnFlightId ? takenSeats(tx, { flightId: input.returnFlightId, seats: input.returnSeats ?? [] }, now) : Promise.resolve([])),
  ]);
  const { outbound, inbound } = legsOf(input, rows, nowIso);
  const dobs = checkTravellers(input.travellers, (inbound ?? outbound).flight.departureTime, now);
  checkPhotos(photos);
  const ratio = settings.classFares[input.travelClass];
  const fare = computeFare(
    [outbound, inbound].filter((leg) => leg !== undefined).map((leg) => leg.flight),
    input.travellers.length,
    ratio,
  );
  if (input.expectedAmountCents !== undefined && input.expectedAmountCents !== fare.totalCents) {
    throw conflict(
      `The fare is ${formatMoney(fare.totalCents)}, not ${formatMoney(input.expectedAmountCents)}. Please review the booking and try again.`,
      'fare_changed',
    );
  }
  if (input.method === 'crypto' && settings.cryptoInfo.length === 0) throw bad('Cryptocurrency payment is not set up', 'paymentMethod');
  if (held) checkUnpaidCap(settings, held, input.travellers.length * (inbound ? 2 : 1));
  const seatTaken = [...taken, ...takenBack][0];
  if (seatTaken !== undefined) throw conflict(`Seat ${seatTaken} is no longer available`, 'seat_unavailable');
  const deadline = paymentDeadline(settings, input.method, now).toISOString();
  const bookingRow = {
    id: randomUUID(),
    reference: await uniqueReference(tx, reference, free),
    userId: booker.id,
    flightId: outbound.flight.id,
    returnFlightId: inbound?.flight.id ?? null,
    travelClass: input.travelClass,
    status: 'pending' as const,
    email: input.email,
    phone: input.phone,
    totalCents: fare.totalCents,
    createdAt: nowIso,
    updatedAt: nowIso,
    version,
  };
  const people = input.travellers.map((t, position) => ({
    id: randomUUID(),
    bookingId: bookingRow.id,
    position: position + 1,
    ...t,
    dob: dobs[position] ?? '',
    image: t.image ?? null,
  }));
  const travellerIds = people.map((t) => t.id);
  const [booking, , seatsOut, seatsBack, , payment] = await together([
    () => insertLater(tx, bookings, bookingRow),
    () => Promise.all(people.map((row) => later(tx, () => insertRow(tx, travellers, row)))),
    () => holdSeats(tx, bookingRow.id, { flightId: outbound.flight.id, seats: input.seats, travellerIds }, deadline, now),
    () =>
      inbound
        ? holdSeats(tx, bookingRow.id, { flightId: inbound.flight.id, seats: input.returnSeats ?? [], travellerIds }, deadline, now)
        : Promise.resolve([]),
    () => later(tx, () => touchFlights(tx, [outbound.flight.id, inbound?.flight.id ?? null], version)),
    () =>
      insertLater(tx, payments, {
        id: randomUUID(),
        transactionId: `TX${randomBytes(6).toString('hex').toUpperCase()}`,
        accessKey: randomBytes(16).toString('hex'),
        bookingId: bookingRow.id,
        userId: booker.id,
        amountCents: fare.totalCents,
        currency: 'USD',
        method: input.method,
        status: 'pending',
        deadlineAt: deadline,
        createdAt: nowIso,
        updatedAt: nowIso,
        version,
      }),
  ]);
  const seats = [...seatsOut, ...seatsBack];
  const known = (label: string) => ({ actorName: actor.fullName, label });
  const created = { entityId: booking.id, from: null, to: 'pending', actorId: actor.id } as const;
  await later(tx, () =>
    recordChange(
      tx,
      { ...created, action: 'booking.created', entity: 'booking', reason: 'booked' },
      now,
      known(bookingLabelOf(booking.reference, booker.fullName)),
    ),
  );
  await later(tx, () =>
    recordChange(
      tx,
      { ...created, action: 'payment.created', entity: 'payment', entityId: payment.id, reason: input.method },
      now,
      known(paymentLabelOf(booking.reference, payment.transactionId, booker.fullName)),
    ),
  );
  const account = { _id: booker.id, fullName: booker.fullName, email: booker.email };
  return { booking, payment, view: newBookingJson(booking, { account, seats, people, legs: [outbound, ...(inbound ? [inbound] : [])] }) };
}
