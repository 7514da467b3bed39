import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../sync/money';
import type { Booking, BookingFlight } from '../../../sync/schemas/booking';
import { ImageRefSchema } from '../../../sync/schemas/common';
import { first, preparedCache, type Queryable } from '../../db/client';
import { selectFlights, type FlightWithAirports } from '../../db/flight-queries';
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

const id = sql.placeholder('id');

function buildStatements(q: Queryable) {
  return {
    user: q.select({ _id: users.id, fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, id)).prepare(),
    payment: q.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, id)).orderBy(desc(payments.createdAt)).prepare(),
    seats: q.select().from(seatAllocations).where(eq(seatAllocations.bookingId, id)).orderBy(asc(seatAllocations.createdAt)).prepare(),
    people: q.select().from(travellers).where(eq(travellers.bookingId, id)).orderBy(asc(travellers.position)).prepare(),
    // The first change after the booking was made holds the times it was booked on.
    bookedTimes: q
      .select({ departureTime: flightChanges.departureTime, arrivalTime: flightChanges.arrivalTime })
      .from(flightChanges)
      .where(and(eq(flightChanges.flightId, id), gt(flightChanges.changedAt, sql.placeholder('bookedAt'))))
      .orderBy(asc(flightChanges.changedAt))
      .limit(1)
      .prepare(),
  };
}

const prepared = preparedCache<ReturnType<typeof buildStatements>>();
const statements = (q: Queryable) => prepared(q, 'booking-view', () => buildStatements(q));

/** A leg as the booking shows it: with the times it was booked on when the airline has moved them since. */
async function loadFlight(q: Queryable, id: string, bookedAt: string, nowIso: string): Promise<BookingFlight> {
  const row = (await selectFlights(q, { id }, nowIso))[0];
  if (!row) throw notFound('Flight');
  return flightView(row, (await first(statements(q).bookedTimes.execute({ id, bookedAt }))) ?? null);
}

/** A booking with its flights, seats, travellers, payment status and user populated, as the spec shows it. */
export async function toBookingJson(q: Queryable, row: BookingRow, nowIso: string): Promise<Booking> {
  const { user, payment, seats, people } = statements(q);
  const userRow = await first(user.execute({ id: row.userId }));
  const paymentRow = await first(payment.execute({ id: row.id }));
  const seatRows = await seats.execute({ id: row.id });
  const peopleRows = await people.execute({ id: row.id });
  return {
    _id: row.id,
    bookingId: row.reference,
    userId: userRow ?? { _id: row.userId, fullName: '', email: '' },
    flightId: await loadFlight(q, row.flightId, row.createdAt, nowIso),
    returnFlightId: row.returnFlightId ? await loadFlight(q, row.returnFlightId, row.createdAt, nowIso) : null,
    seatId: seatRows.map((s) => ({ seatNumber: s.seatLabel, class: row.travelClass, flightId: s.flightId })),
    class: row.travelClass,
    status: row.status,
    paymentStatus: paymentRow?.status ?? 'pending',
    email: row.email,
    phone: row.phone,
    totalAmount: centsToDollars(row.totalCents),
    refundDue: row.refundDueCents === null ? null : centsToDollars(row.refundDueCents),
    refundPaidAt: row.refundPaidAt,
    cancelReason: row.cancelReason,
    checkedInAt: row.checkedInAt,
    createdAt: row.createdAt,
    travellers: peopleRows.map((t) => {
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
    boardingPasses: seatRows.flatMap((s) =>
      s.boardingCode && s.travellerId ? [{ travellerId: s.travellerId, flightId: s.flightId, seat: s.seatLabel, code: s.boardingCode }] : [],
    ),
  };
}

export async function getBookingRow(q: Queryable, id: string): Promise<BookingRow> {
  const row = await first(q.select().from(bookings).where(eq(bookings.id, id)));
  if (!row) throw notFound('Booking');
  return row;
}
