import { aliasedTable, and, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '../../../sync/money';
import type { Account, AccountBooking, AccountDetail, AccountRole, AccountStatus, UserSearchQuery } from '../../../sync/schemas/admin-user';
import { first, type Queryable, type Tx } from '../../db/client';
import { matching, userNames } from '../../db/search';
import { airports, bookings, flights, payments, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordChange } from '../back-office/audit';
import type { UserRow } from '../../actor';
import { NEXT_TOKEN_VERSION, updateUserRow } from './users';

/** The most bookings an account's page lists (newest first). */
export const ACCOUNT_BOOKINGS_MAX = 200;

export const LAST_ADMIN = 'SkyWay needs at least one active admin: make another account admin first';

function toAccount(row: UserRow, bookingTotal: number): Account {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    status: row.disabledAt ? 'disabled' : 'active',
    disabledAt: row.disabledAt,
    emailVerified: row.emailVerifiedAt !== null,
    bookings: bookingTotal,
    createdAt: row.createdAt,
  };
}

/** Accounts only: a support-chat guest is not an account and is never listed or changed here. */
const isAccount = ne(users.role, 'guest');

/** Accounts whose name or e-mail contains the search, by role and status, newest first; and how many match. */
export async function searchAccounts(q: Queryable, query: UserSearchQuery): Promise<{ items: Account[]; total: number }> {
  const parts: SQL[] = [isAccount];
  if (query.role) parts.push(eq(users.role, query.role));
  if (query.status) parts.push(query.status === 'disabled' ? isNotNull(users.disabledAt) : isNull(users.disabledAt));
  if (query.search) parts.push(matching(q, userNames, query.search));
  const where = and(...parts);
  const rows = await q
    .select({ user: users, bookings: count(bookings.id) })
    .from(users)
    .leftJoin(bookings, eq(bookings.userId, users.id))
    .where(where)
    .groupBy(users.id)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = await q.$count(users, where);
  return { items: rows.map((r) => toAccount(r.user, r.bookings)), total };
}

/** The account `id`; a guest or an unknown id is 'User not found'. */
export async function getAccount(q: Queryable, id: string): Promise<UserRow> {
  const row = await first(
    q
      .select()
      .from(users)
      .where(and(eq(users.id, id), isAccount)),
  );
  if (!row) throw notFound('User');
  return row;
}

const origin = aliasedTable(airports, 'account_origin');
const destination = aliasedTable(airports, 'account_destination');

/** The account and its bookings: reference, status, payment, flights and total, newest first. */
export async function accountDetail(q: Queryable, id: string): Promise<AccountDetail> {
  const user = await getAccount(q, id);
  const rows = await q
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      totalCents: bookings.totalCents,
      createdAt: bookings.createdAt,
      flightNumber: flights.flightNumber,
      from: origin.code,
      to: destination.code,
      departureTime: flights.departureTime,
      returnNumber: sql<string | null>`(select r.flight_number from ${flights} r where r.id = ${bookings.returnFlightId})`,
      paymentStatus: sql<
        AccountBooking['paymentStatus']
      >`(select p.status from ${payments} p where p.booking_id = ${bookings.id} order by p.created_at desc limit 1)`,
    })
    .from(bookings)
    .innerJoin(flights, eq(flights.id, bookings.flightId))
    .innerJoin(origin, eq(origin.id, flights.originId))
    .innerJoin(destination, eq(destination.id, flights.destinationId))
    .where(eq(bookings.userId, id))
    .orderBy(desc(bookings.createdAt))
    .limit(ACCOUNT_BOOKINGS_MAX);
  const total = await q.$count(bookings, eq(bookings.userId, id));
  return {
    user: toAccount(user, total),
    bookings: rows.map((r) => ({
      _id: r.id,
      reference: r.reference,
      status: r.status,
      paymentStatus: r.paymentStatus,
      flights: [`${r.flightNumber} ${r.from}-${r.to}`, r.returnNumber ? `${r.returnNumber} ${r.to}-${r.from}` : null].filter(Boolean).join(' / '),
      departureTime: r.departureTime,
      total: centsToDollars(r.totalCents),
      createdAt: r.createdAt,
    })),
  };
}

const isActiveAdmin = (row: UserRow) => row.role === 'admin' && row.disabledAt === null;

/**
 * Refuses a change that would leave no active admin (product rules §1.7): counted in the change's own
 * immediate transaction, so two admins demoting or disabling each other at once cannot both succeed.
 */
async function keepAnAdmin(tx: Tx, target: UserRow): Promise<void> {
  if (!isActiveAdmin(target)) return;
  const others = await tx.$count(users, and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, target.id)));
  if (!others) throw conflict(LAST_ADMIN, 'last_admin');
}

const statusOf = (row: UserRow): AccountStatus => (row.disabledAt ? 'disabled' : 'active');

/** Makes an account admin or a regular user; audited with both roles. Answers the account as it is now. */
export async function setAccountRole(tx: Tx, actor: UserRow, id: string, role: AccountRole, now: Date): Promise<UserRow> {
  const target = await getAccount(tx, id);
  if (target.role === role) return target;
  if (role === 'user') await keepAnAdmin(tx, target);
  const updated = await updateUserRow(tx, target.id, { role }, now);
  await recordChange(tx, { action: 'user.role', actorId: actor.id, entity: 'user', entityId: target.id, from: target.role, to: role }, now);
  return updated;
}

/**
 * Disables or re-enables an account; audited. Disabling bumps the token version, so every session of the
 * account ends at once (its requests, sync pushes and sockets: realtime/sessions.ts), and sign-in is refused.
 */
export async function setAccountStatus(tx: Tx, actor: UserRow, id: string, status: AccountStatus, now: Date): Promise<UserRow> {
  const target = await getAccount(tx, id);
  if (statusOf(target) === status) return target;
  if (status === 'disabled') await keepAnAdmin(tx, target);
  const values = status === 'disabled' ? { disabledAt: now.toISOString(), tokenVersion: NEXT_TOKEN_VERSION } : { disabledAt: null };
  const updated = await updateUserRow(tx, target.id, values, now);
  await recordChange(
    tx,
    {
      action: status === 'disabled' ? 'user.disabled' : 'user.enabled',
      actorId: actor.id,
      entity: 'user',
      entityId: target.id,
      from: statusOf(target),
      to: status,
    },
    now,
  );
  return updated;
}

/** The listed form of one account, after a change. */
export async function accountOf(q: Queryable, row: UserRow): Promise<Account> {
  return toAccount(row, await q.$count(bookings, eq(bookings.userId, row.id)));
}
