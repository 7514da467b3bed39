import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../actor';
import { bookings, flights, payments } from '../db/schema';
import { flightCondition } from '../services/sync/sync-catalogue';
import { bookingCondition, messagesQuery, paymentCondition } from '../services/sync/sync-own';
import { scratchDatabase } from './fixtures';

/**
 * A conversation may hold years of messages; a pull sends only its recent ones. Reading every message of
 * it to find them would cost each fresh device, and each of an admin's pulls, more as the chat grows.
 */
describe("the pull's message pages", () => {
  const { sqlite, db } = scratchDatabase('sync-plans');
  const plan = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
  };
  const page = (role: UserRow['role'], keepSince: string | null) =>
    plan(messagesQuery(db, { user: { id: 'u1', role } as UserRow, since: 0, until: 99, nowIso: '2031-01-01T00:00:00.000Z', keepSince }, '', 500));

  it("read a traveller's and a guest's recent messages alone, from their conversations' index", () => {
    for (const role of ['user', 'guest'] as const)
      expect(page(role, null)).toContain('SEARCH messages USING INDEX messages_conversation (conversation_id=? AND created_at>?)');
  });

  it("find where each conversation's recent messages start through the index, for an admin too", () => {
    const steps = page('admin', '2030-12-25T00:00:00.000Z');
    expect(steps).toContain('SEARCH recent USING COVERING INDEX messages_conversation (conversation_id=?)');
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });
});

/**
 * An admin's device holds some 10,000 bookings at 500,000 a year. A later pull finds what changed through
 * the version indexes and checks those rows against the working set; reading the working set to find
 * the few that changed cost each pull 180 ms there.
 */
describe("an admin's later pull", () => {
  const { sqlite, db } = scratchDatabase('sync-plans-admin');
  const plan = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
  };
  const scope = {
    user: { id: 'a1', role: 'admin' } as UserRow,
    since: 42,
    until: 99,
    nowIso: '2031-01-01T00:00:00.000Z',
    keepSince: '2030-12-25T00:00:00.000Z',
  };

  it('reads bookings and payments from what changed, never a whole table', () => {
    const booked = plan(db.select().from(bookings).where(bookingCondition(db, scope)).orderBy(asc(bookings.id)).limit(500));
    expect(booked).toContain('SEARCH bookings USING INDEX bookings_version (version>? AND version<?)');
    expect(booked).toContain('SEARCH bookings USING INDEX bookings_return_flight (return_flight_id=?)');
    const paid = plan(db.select().from(payments).where(paymentCondition(db, scope)).orderBy(asc(payments.id)).limit(500));
    expect(paid).toContain('SEARCH payments USING INDEX payments_version (version>? AND version<?)');
    for (const steps of [booked, paid]) expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });

  it("reads the flights that changed or entered the window, not every flight ever flown, an admin's or a traveller's", () => {
    const window = { previousEnd: '2031-01-13', from: '2030-12-31T00:00:00.000Z', to: '2031-01-14' };
    for (const user of [scope.user, { id: 't1', role: 'user' } as UserRow]) {
      const steps = plan(
        db
          .select({ id: flights.id })
          .from(flights)
          .where(flightCondition(db, { ...scope, ...window, user, keepSince: user.role === 'admin' ? scope.keepSince : null }))
          .orderBy(asc(flights.id))
          .limit(500),
      );
      expect(steps).toContain('SEARCH flights USING INDEX flights_version (version>? AND version<?)');
      expect(steps.filter((step) => step.startsWith('SCAN flights'))).toEqual([]);
    }
  });
});
