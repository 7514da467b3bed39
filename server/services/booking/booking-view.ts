import { asc, desc, eq } from 'drizzle-orm';
import { centsToDollars } from '../../../sync/money';
import type { Booking, BookingFlight } from '../../../sync/schemas/booking';
import { ImageRefSchema } from '../../../sync/schemas/common';
import { first, preparedCache, type Queryable } from '../../db/client';
import { inJsonList, jsonList } from '../../db/dialect';
import { selectFlightsByIds, type FlightWithAirports } from '../../db/flight-queries';
import { bookings, flightChanges, payments, seatAllocations, travellers, users } from '../../db/schema';
import { notFound } from '../../errors';
import { imageUrl } from '../images/images';

export type BookingRow = typeof bookings.$inferSelect;

function flightView(row: FlightWithAirports, bookedTimes: BookingFlight['bookedTimes']): BookingFlight {
  const place = (a: FlightWithAirports['origin']) => ({ _id: a.id, city: a.city, code: a.code, timeZone: a.timeZone });
  return {
    _id: row.flight.id,
    flightNumber: row.flight.flightNumber,
    origin: place(row.origin),
    destination: place(row.destination),
    departureTime: row.flight.departureTime,
    arrivalTime: row.flight.arrivalTime,
    status: row.flight.status,
    price: centsToDollars(row.flight.priceCents),
    gate: row.flight.gate,
    boardingTime: row.flight.boardingTime,
    bookedTimes:
      bookedTimes && (bookedTimes.departureTime !== row.flight.departureTime || bookedTimes.arrivalTime !== row.flight.arrivalTime) ? bookedTimes : null,
  };
}

/** Only our own image ids become links; anything else stored before they were checked is shown as no photo. */
function imageLink(ref: string | null): string | null {
  const parsed = ImageRefSchema.safeParse(ref);
  return parsed.success ? imageUrl(parsed.data) : null;
}

const ids = 'ids';

/** NOTE: each statement reads a whole list of bookings (or flights) at once: a list costs the same few statements as one booking. */
function buildStatements(q: Queryable) {
  return {
    users: q
      .select({ _id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(inJsonList(q, users.id, ids))
      .prepare(),
    payments: q
      .select({ bookingId: payments.bookingId, status: payments.status })
      .from(payments)
      .where(inJsonList(q, payments.bookingId, ids))
      .orderBy(desc(payments.createdAt))
      .prepare(),
    seats: q
      .select()
      .from(seatAllocations)
      .where(inJsonList(q, seatAllocations.bookingId, ids))
      .orderBy(asc(seatAllocations.createdAt))
      .prepare(),
    people: q
      .select()
      .from(travellers)
      .where(inJsonList(q, travellers.bookingId, ids))
      .orderBy(asc(travellers.position))
      .prepare(),
    changes: q
      .select({
        flightId: flightChanges.flightId,
        changedAt: flightChanges.changedAt,
        departureTime: flightChanges.departureTime,
        arrivalTime: flightChanges.arrivalTime,
      })
      .from(flightChanges)
      .where(inJsonList(q, flightChanges.flightId, ids))
      .orderBy(asc(flightChanges.changedAt))
      .prepare(),
  };
}

const prepared = preparedCache<ReturnType<typeof buildStatements>>();
const statements = (q: Queryable) => prepared(q, 'booking-view', () => buildStatements(q));

/** The rows grouped by `key`, each group in the order the rows came. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const list = (values: Iterable<string>) => jsonList(ids, values);

/**
 * Each booking's or payment's account as it shows populated; an account gone shows its id with no name.
 * Accounts the caller already holds (`known`) are not read again.
 */
export async function accountsById(
  q: Queryable,
  userIds: Iterable<string>,
  known: readonly Booking['userId'][] = [],
): Promise<(id: string) => Booking['userId']> {
  const found = new Map(known.map((u) => [u._id, u]));
  const missing = [...new Set(userIds)].filter((id) => !found.has(id));
  if (missing.length) for (const u of await statements(q).users.execute(list(missing))) found.set(u._id, u);
  return (id) => found.get(id) ?? { _id: id, fullName: '', email: '' };
}

type SeatRow = Pick<typeof seatAllocations.$inferSelect, 'flightId' | 'seatLabel' | 'travellerId' | 'boardingCode'>;
type TravellerRow = typeof travellers.$inferSelect;
type FlightChange = { changedAt: string; departureTime: string; arrivalTime: string };

/** What one booking shows besides its own row: its account, payment status, seats, travellers and legs. */
type BookingParts = {
  account: Booking['userId'];
  paymentStatus: Booking['paymentStatus'];
  seats: readonly SeatRow[];
  people: readonly TravellerRow[];
  flight: (id: string) => FlightWithAirports | undefined;
  changes: (flightId: string) => readonly FlightChange[];
};

function bookingView(row: BookingRow, parts: BookingParts): Booking {
  const leg = (flightId: string): BookingFlight => {
    const flight = parts.flight(flightId);
    if (!flight) throw notFound('Flight');
    const booked = parts.changes(flightId).find((c) => c.changedAt > row.createdAt);
    return flightView(flight, booked ? { departureTime: booked.departureTime, arrivalTime: booked.arrivalTime } : null);
  };
  return {
    _id: row.id,
    bookingId: row.reference,
    userId: parts.account,
    flightId: leg(row.flightId),
    returnFlightId: row.returnFlightId ? leg(row.returnFlightId) : null,
    seatId: parts.seats.map((s) => ({ seatNumber: s.seatLabel, class: row.travelClass, flightId: s.flightId })),
    class: row.travelClass,
    status: row.status,
    paymentStatus: parts.paymentStatus,
    email: row.email,
    phone: row.phone,
    totalAmount: centsToDollars(row.totalCents),
    refundDue: row.refundDueCents === null ? null : centsToDollars(row.refundDueCents),
    refundPaidAt: row.refundPaidAt,
    cancelReason: row.cancelReason,
    checkedInAt: row.checkedInAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    travellers: parts.people.map((t) => {
      const [year, month, day] = t.dob.split('-').map(Number);
      return {
        _id: t.id,
        title: t.title,
        firstName: t.firstName,
        lastName: t.lastName,
        dob: { day: day ?? 0, month: month ?? 0, year: year ?? 0 },
        nationality: t.nationality,
        passportNumber: t.passportNumber,
        passportCountry: t.passportCountry,
        passportExpiry: t.passportExpiry,
        image: imageLink(t.image),
      };
    }),
    boardingPasses: parts.seats.flatMap((s) =>
      s.boardingCode && s.travellerId ? [{ travellerId: s.travellerId, flightId: s.flightId, seat: s.seatLabel, code: s.boardingCode }] : [],
    ),
  };
}

/**
 * Bookings with their flights, seats, travellers, payment status and user populated, as the spec shows
 * them, in the order given. A leg shows the times it was booked on when the airline has moved them since:
 * the first change after the booking was made holds them.
 */
export async function toBookingsJson(q: Queryable, rows: readonly BookingRow[], nowIso: string): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const run = statements(q);
  const bookingIds = list(rows.map((row) => row.id));
  const flightIds = [...new Set(rows.flatMap((row) => (row.returnFlightId ? [row.flightId, row.returnFlightId] : [row.flightId])))];
  const accountOf = await accountsById(
    q,
    rows.map((row) => row.userId),
  );
  const statusByBooking = new Map<string, Booking['paymentStatus']>();
  for (const p of await run.payments.execute(bookingIds)) if (!statusByBooking.has(p.bookingId)) statusByBooking.set(p.bookingId, p.status);
  const seatsByBooking = groupBy(await run.seats.execute(bookingIds), (s) => s.bookingId);
  const peopleByBooking = groupBy(await run.people.execute(bookingIds), (t) => t.bookingId);
  const flightById = new Map((await selectFlightsByIds(q, flightIds, nowIso)).map((f) => [f.flight.id, f]));
  const changesByFlight = groupBy(await run.changes.execute(list(flightIds)), (c) => c.flightId);
  return rows.map((row) =>
    bookingView(row, {
      account: accountOf(row.userId),
      paymentStatus: statusByBooking.get(row.id) ?? 'pending',
      seats: seatsByBooking.get(row.id) ?? [],
      people: peopleByBooking.get(row.id) ?? [],
      flight: (id) => flightById.get(id),
      changes: (flightId) => changesByFlight.get(flightId) ?? [],
    }),
  );
}

/**
 * A booking made in this transaction, as toBookingsJson would read it back, from the rows just written: its
 * payment is pending and no leg has moved since (it was booked on the times it has now).
 */
export function newBookingJson(
  row: BookingRow,
  written: { account: Booking['userId']; seats: readonly SeatRow[]; people: readonly TravellerRow[]; legs: readonly FlightWithAirports[] },
): Booking {
  return bookingView(row, {
    account: written.account,
    paymentStatus: 'pending',
    seats: written.seats,
    people: written.people,
    flight: (id) => written.legs.find((leg) => leg.flight.id === id),
    changes: () => [],
  });
}

/** One booking as toBookingsJson shows it. */
export async function toBookingJson(q: Queryable, row: BookingRow, nowIso: string): Promise<Booking> {
  const [booking] = await toBookingsJson(q, [row], nowIso);
  if (!booking) throw notFound('Booking');
  return booking;
}

export async function getBookingRow(q: Queryable, id: string): Promise<BookingRow> {
  const row = await first(q.select().from(bookings).where(eq(bookings.id, id)));
  if (!row) throw notFound('Booking');
  return row;
}
