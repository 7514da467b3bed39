import { describe, expect, it } from 'vitest';
import { departedFlights, finishedBookings, lapsedHolds } from '../services/booking/lifecycle';
import { scratchDatabase } from './fixtures';

/**
 * The sweep runs on the event loop every 15 s. A query of it that reads every booking or seat ever made
 * stalls the server longer as the airline grows: in a bench run with some 15,000 bookings, the lapsed-holds
 * query took 5.7 ms a pass. Each must search an index that holds only what it looks for.
 */
describe("the sweep's queries", () => {
  const { sqlite, db } = scratchDatabase('sweep-plans');
  const nowIso = '2031-01-01T00:00:00.000Z';
  const plan = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
  };

  it('find lapsed holds through the holds-expiry index', () => {
    const steps = plan(lapsedHolds(db, nowIso));
    expect(steps).toContain('SEARCH seat_allocations USING INDEX seat_allocations_hold_expiry (hold_expires_at>? AND hold_expires_at<?)');
    expect(steps.some((step) => step.startsWith('SCAN'))).toBe(false);
  });

  it('find finished bookings among the confirmed ones only', () => {
    expect(plan(finishedBookings(db, nowIso))).toContain('SCAN bookings USING INDEX bookings_confirmed');
  });

  it('find departed flights among the scheduled and delayed ones before now', () => {
    expect(plan(departedFlights(db, nowIso))).toEqual(['SEARCH flights USING INDEX flights_status_departure (status=? AND departure_time<?)']);
  });
});
