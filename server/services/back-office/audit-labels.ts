import { aliasedTable, eq, sql } from 'drizzle-orm';
import type { AuditEntity } from '../../../sync/schemas/audit';
import { first, prepareOnce, type Queryable } from '../../db/client';
import { airports, bookings, flights, payments, users } from '../../db/schema';

const origin = aliasedTable(airports, 'label_origin');
const destination = aliasedTable(airports, 'label_destination');
const id = sql.placeholder('id');

/** 'SW1234 LOS-LHR 2031-03-01': the flight number, the route and the local departure date. */
const flightRow = prepareOnce((q) =>
  q
    .select({ number: flights.flightNumber, from: origin.code, to: destination.code, date: flights.departureLocalDate })
    .from(flights)
    .innerJoin(origin, eq(origin.id, flights.originId))
    .innerJoin(destination, eq(destination.id, flights.destinationId))
    .where(eq(flights.id, id))
    .prepare(),
);

async function flightLabel(q: Queryable, id: string): Promise<string | undefined> {
  const row = await first(flightRow(q).execute({ id }));
  return row && `${row.number} ${row.from}-${row.to} ${row.date}`;
}

/** 'K7QX2P · Ada Obi': the reference and the account that booked. */
const bookingRow = prepareOnce((q) =>
  q
    .select({ reference: bookings.reference, name: users.fullName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, id))
    .prepare(),
);

export const bookingLabelOf = (reference: string, name: string): string => `${reference} · ${name}`;

async function bookingLabel(q: Queryable, id: string): Promise<string | undefined> {
  const row = await first(bookingRow(q).execute({ id }));
  return row && bookingLabelOf(row.reference, row.name);
}

/** 'K7QX2P · TXN-… · Ada Obi': the booking's reference, the transaction id and the payer. */
const paymentRow = prepareOnce((q) =>
  q
    .select({ reference: bookings.reference, transactionId: payments.transactionId, name: users.fullName })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, id))
    .prepare(),
);

export const paymentLabelOf = (reference: string, transactionId: string, name: string): string => `${reference} · ${transactionId} · ${name}`;

async function paymentLabel(q: Queryable, id: string): Promise<string | undefined> {
  const row = await first(paymentRow(q).execute({ id }));
  return row && paymentLabelOf(row.reference, row.transactionId, row.name);
}

async function airportLabel(q: Queryable, id: string): Promise<string | undefined> {
  const row = await first(q.select().from(airports).where(eq(airports.id, id)));
  return row && `${row.code} · ${row.name}, ${row.city}`;
}

async function userLabel(q: Queryable, id: string): Promise<string | undefined> {
  const row = await first(q.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, id)));
  return row && `${row.name} <${row.email}>`;
}

const LABELS: Record<AuditEntity, (q: Queryable, id: string) => Promise<string | undefined> | string> = {
  booking: bookingLabel,
  payment: paymentLabel,
  flight: flightLabel,
  airport: airportLabel,
  user: userLabel,
  settings: () => 'Settings',
};

/**
 * How people know the object an audit row is about, read when the row is written (before a deletion),
 * so the row still reads well once the object is gone or renamed; the id when it cannot be found.
 */
export async function auditLabel(q: Queryable, entity: AuditEntity, id: string): Promise<string> {
  return (await LABELS[entity](q, id)) ?? id;
}

/** The actor's name as it is now, kept with the row. */
const nameOf = prepareOnce((q) => q.select({ name: users.fullName }).from(users).where(eq(users.id, id)).prepare());

export async function actorName(q: Queryable, actorId: string | null): Promise<string | null> {
  return actorId === null ? null : ((await first(nameOf(q).execute({ id: actorId })))?.name ?? null);
}
