import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PaymentMethod, TravelClass } from '../../../sync/constants';
import { computeFare } from '../../../sync/fare';
import { formatMoney } from '../../../sync/money';
import { makeReference } from '../../../sync/reference';
import type { TravellerInput } from '../../../sync/schemas/booking';
import type { AppContext } from '../../context';
import { first, prepareOnce, type Tx } from '../../db/client';
import { insertReturning, insertRow } from '../../db/insert-row';
import { selectFlights, type FlightWithAirports } from '../../db/flight-queries';
import { bookings, payments, travellers } from '../../db/schema';
import { nextVersion } from '../../db/version';
import { conflict, invalidField, notFound } from '../../errors';
import { recordChange } from '../back-office/audit';
import { assertWithinUnpaidCap } from './hold-rules';
import { ownedImage } from '../images/images';
import { holdSeats, touchFlights } from './seats';
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

async function bookableFlight(tx: Tx, id: string, nowIso: string, path: string): Promise<FlightWithAirports> {
  const row = (await selectFlights(tx, { id }, nowIso))[0];
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

/** A traveller's photo must be an avatar the booker uploaded here. */
async function checkPhotos(tx: Tx, list: TravellerInput[], userId: string): Promise<void> {
  for (const [i, t] of list.entries()) {
    if (t.image !== undefined && !(await ownedImage(tx, t.image, userId, 'avatar'))) throw bad('No image found', `travellers.${i}.image`);
  }
}

async function legsOf(tx: Tx, input: NewBooking, nowIso: string) {
  const outbound = await bookableFlight(tx, input.flightId, nowIso, 'flightId');
  checkSeats(input.seats, input.travellers.length, 'seatNumber');
  if (!input.returnFlightId) return { outbound, inbound: undefined };
  const inbound = await bookableFlight(tx, input.returnFlightId, nowIso, 'returnFlightId');
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

async function uniqueReference(tx: Tx): Promise<string> {
  for (;;) {
    const reference = makeReference((n) => randomInt(n));
    if (!(await first(byReference(tx).execute({ reference })))) return reference;
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
 */
export async function createBookingWithPayment(tx: Tx, ctx: AppContext, input: NewBooking, who: { booker: Account; actor: Account }) {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const { booker, actor } = who;
  const { outbound, inbound } = await legsOf(tx, input, nowIso);
  const dobs = checkTravellers(input.travellers, (inbound ?? outbound).flight.departureTime, now);
  await checkPhotos(tx, input.travellers, booker.id);
  const settings = await readSettings(tx);
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
  // RATE_LIMITS=off (load tests from one machine) lifts the unpaid-holds cap with the other per-account limits.
  if (actor.id === booker.id && ctx.env.RATE_LIMITS !== 'off') await assertWithinUnpaidCap(tx, booker.id, input.travellers.length * (inbound ? 2 : 1), nowIso);
  const version = await nextVersion(tx);
  const deadline = paymentDeadline(settings, input.method, now).toISOString();
  const booking = await insertReturning(tx, bookings, {
    id: randomUUID(),
    reference: await uniqueReference(tx),
    userId: booker.id,
    flightId: outbound.flight.id,
    returnFlightId: inbound?.flight.id ?? null,
    travelClass: input.travelClass,
    status: 'pending',
    email: input.email,
    phone: input.phone,
    totalCents: fare.totalCents,
    createdAt: nowIso,
    updatedAt: nowIso,
    version,
  });
  const people: (typeof travellers.$inferSelect)[] = [];
  for (const [position, t] of input.travellers.entries()) {
    const row = { id: randomUUID(), bookingId: booking.id, position: position + 1, ...t, dob: dobs[position] ?? '', image: t.image ?? null };
    await insertRow(tx, travellers, row);
    people.push(row);
  }
  const travellerIds = people.map((t) => t.id);
  const seats = await holdSeats(tx, booking.id, { flightId: outbound.flight.id, seats: input.seats, travellerIds }, deadline, now);
  if (inbound) seats.push(...(await holdSeats(tx, booking.id, { flightId: inbound.flight.id, seats: input.returnSeats ?? [], travellerIds }, deadline, now)));
  await touchFlights(tx, [outbound.flight.id, inbound?.flight.id ?? null], version);
  const payment = await insertReturning(tx, payments, {
    id: randomUUID(),
    transactionId: `TX${randomBytes(6).toString('hex').toUpperCase()}`,
    accessKey: randomBytes(16).toString('hex'),
    bookingId: booking.id,
    userId: booker.id,
    amountCents: fare.totalCents,
    currency: 'USD',
    method: input.method,
    status: 'pending',
    deadlineAt: deadline,
    createdAt: nowIso,
    updatedAt: nowIso,
    version,
  });
  const known = (label: string) => ({ actorName: actor.fullName, label });
  const created = { entityId: booking.id, from: null, to: 'pending', actorId: actor.id } as const;
  await recordChange(
    tx,
    { ...created, action: 'booking.created', entity: 'booking', reason: 'booked' },
    now,
    known(bookingLabelOf(booking.reference, booker.fullName)),
  );
  await recordChange(
    tx,
    { ...created, action: 'payment.created', entity: 'payment', entityId: payment.id, reason: input.method },
    now,
    known(paymentLabelOf(booking.reference, payment.transactionId, booker.fullName)),
  );
  const account = { _id: booker.id, fullName: booker.fullName, email: booker.email };
  return { booking, payment, view: newBookingJson(booking, { account, seats, people, legs: [outbound, ...(inbound ? [inbound] : [])] }) };
}
