import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, SEAT_LABELS, SEATS_PER_FLIGHT, type PaymentMethod } from '../../sync/constants';
import { immediate } from '../db/client';
import { AppError } from '../errors';
import { cancelBooking } from '../mutations/cancel-booking';
import { runMutation } from '../mutations/run';
import { createBookingWithPayment } from '../services/booking/booking-create';
import { getFlight } from '../services/catalogue/flights';
import { sweep } from '../services/booking/lifecycle';
import { markAwaitingReview, reviewPayment } from '../services/payment/payment-review';
import { createUser, findUserByEmail, type UserRow } from '../services/identity/users';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { flightAt, traveller } from './booking-fixtures';

const HOUR = 3_600_000;
const ACTIVE = "(s.state = 'sold' or (s.state = 'held' and (s.hold_expires_at is null or s.hold_expires_at > @now)))";

type Op =
  | { kind: 'book'; user: number; legs: 'out' | 'back' | 'round'; seats: number[]; returnSeats: number[]; method: PaymentMethod }
  | { kind: 'pay'; booking: number }
  | { kind: 'approve'; booking: number }
  | { kind: 'reject'; booking: number }
  | { kind: 'cancel'; booking: number; byAdmin: boolean }
  | { kind: 'wait'; ms: number }
  | { kind: 'expire'; ms: number }
  | { kind: 'complete' };

/** Seats A1 to B2 only, so that buyers collide often. */
const seatList = fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      user: fc.integer({ min: 0, max: 2 }),
      legs: fc.constantFrom('out' as const, 'back' as const, 'round' as const),
      seats: seatList,
      returnSeats: seatList,
      method: fc.constantFrom(...PAYMENT_METHODS),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('pay' as const, 'approve' as const, 'reject' as const), booking: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), booking: fc.nat(20), byAdmin: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('wait' as const, 'expire' as const),
      ms: fc.constantFrom(0, 60_000, 955_000, 956_000, 956_000, 2 * HOUR, 25 * HOUR),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'complete' as const }) },
);

describe('property: random book / pay / approve / reject / cancel / expire / complete', () => {
  let server: TestServer;
  let file: Database.Database;
  let users: UserRow[];
  let admin: UserRow;
  let clock = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    server.setNow(new Date(clock));
    users = await Promise.all(
      [0, 1, 2].map((i) => createUser(server.ctx, { email: `prop-${i}@example.com`, password: 'Secret-pass-1', fullName: `Prop ${i}` })),
    );
    const found = await findUserByEmail(server.ctx.db, ADMIN.email);
    if (!found) throw new Error('no admin');
    admin = found;
    file = new Database(path.join(server.dataDir, 'airline.sqlite'), { readonly: true, fileMustExist: true });
  });
  afterAll(async () => {
    file.close();
    await server.stop();
  });

  /** Runs one operation; a refusal (4xx AppError) is a legal outcome, anything else fails the property. */
  async function attempt(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
  }

  /** Invariants over this run's two flights, read with SQL from the SQLite file. */
  async function checkInvariants(flightIds: string[], justSwept: boolean): Promise<void> {
    const params = { now: new Date(clock).toISOString(), a: flightIds[0], b: flightIds[1] };
    const mine = 's.flight_id in (@a, @b)';
    const rows = (sql: string) => file.prepare(sql).all(params);
    const live = rows(
      `select s.flight_id, s.seat_label from seat_allocations s where ${mine} and s.state in ('held', 'sold') group by 1, 2 having count(*) > 1`,
    );
    expect(live, 'a seat with two live allocations').toEqual([]);
    const active = rows(`select s.flight_id, s.seat_label from seat_allocations s where ${mine} and ${ACTIVE} group by 1, 2 having count(*) > 1`);
    expect(active, 'a seat with two active allocations').toEqual([]);
    for (const id of flightIds) {
      const n = (file.prepare(`select count(*) as n from seat_allocations s where s.flight_id = @id and ${ACTIVE}`).get({ ...params, id }) as { n: number }).n;
      expect((await getFlight(server.ctx, server.ctx.db, id)).availableSeats, 'availableSeats').toBe(SEATS_PER_FLIGHT - n);
    }
    const wrongState = rows(
      `select b.reference, b.status, s.state from seat_allocations s join bookings b on b.id = s.booking_id where ${mine}
       and ((b.status in ('confirmed', 'completed') and s.state <> 'sold') or (b.status = 'cancelled' and s.state <> 'released') or (b.status = 'pending' and s.state = 'sold'))`,
    );
    expect(wrongState, 'seat state disagrees with booking status').toEqual([]);
    const unpaid = rows(
      `select b.reference from bookings b join payments p on p.booking_id = b.id where b.flight_id in (@a, @b)
       and ((b.status in ('confirmed', 'completed') and p.status <> 'successful') or (b.status = 'pending' and p.status = 'successful'))`,
    );
    expect(unpaid, 'confirmed bookings and successful payments go together').toEqual([]);
    if (justSwept) {
      const lapsed = rows(
        `select b.reference from bookings b join seat_allocations s on s.booking_id = b.id where ${mine} and b.status = 'pending' and not ${ACTIVE}`,
      );
      expect(lapsed, 'a pending booking whose hold lapsed survived the sweep').toEqual([]);
    }
  }

  it('never two active allocations of a seat; availableSeats = 24 - active', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40, size: 'max' }), async (ops) => {
        clock += 30 * 24 * HOUR;
        server.setNow(new Date(clock));
        const out = await flightAt(server, 'LOS', 'LHR', new Date(clock + 8 * 24 * HOUR), 400, 311.5);
        const back = await flightAt(server, 'LHR', 'LOS', new Date(clock + 10 * 24 * HOUR), 400, 298.25);
        const flightIds = [out._id, back._id];
        const made: { bookingId: string; paymentId: string; owner: UserRow }[] = [];
        const pick = (i: number) => made[i % Math.max(made.length, 1)];
        for (const op of ops) {
          let swept = false;
          if (op.kind === 'book') {
            const owner = users[op.user] ?? admin;
            const label = (n: number) => SEAT_LABELS[n] ?? 'A1';
            const returnSeats = op.returnSeats
              .concat(op.seats)
              .filter((n, i, all) => all.indexOf(n) === i)
              .slice(0, op.seats.length);
            await attempt(async () => {
              const { booking, payment } = await immediate(server.ctx.db, async (tx) =>
                createBookingWithPayment(
                  tx,
                  server.ctx,
                  {
                    userId: owner.id,
                    flightId: op.legs === 'back' ? back._id : out._id,
                    seats: op.seats.map(label),
                    returnFlightId: op.legs === 'round' ? back._id : undefined,
                    returnSeats: op.legs === 'round' ? returnSeats.map(label) : undefined,
                    travelClass: 'Economy',
                    travellers: op.seats.map((_, i) => traveller(i + 1)),
                    email: owner.email,
                    phone: '+1 555 0100',
                    method: op.method,
                  },
                  owner.id,
                ),
              );
              made.push({ bookingId: booking.id, paymentId: payment.id, owner });
            });
          } else if (op.kind === 'pay' || op.kind === 'approve' || op.kind === 'reject') {
            const target = pick(op.booking);
            if (!target) continue;
            if (op.kind === 'pay')
              await attempt(() => immediate(server.ctx.db, async (tx) => markAwaitingReview(tx, target.owner, { id: target.paymentId }, server.ctx.now())));
            else
              await attempt(() =>
                immediate(server.ctx.db, async (tx) =>
                  reviewPayment(
                    tx,
                    admin,
                    target.paymentId,
                    op.kind === 'approve' ? { status: 'successful' } : { status: 'failed', reason: 'Not received' },
                    server.ctx.now(),
                  ),
                ),
              );
          } else if (op.kind === 'cancel') {
            const target = pick(op.booking);
            if (!target) continue;
            await attempt(() => runMutation(server.ctx, cancelBooking, op.byAdmin ? admin : target.owner, { bookingId: target.bookingId }));
          } else {
            // 'wait' moves the clock between two sweeper passes; 'expire' and 'complete' run a pass.
            clock = op.kind === 'complete' ? Math.max(clock, Date.parse(back.departureTime) + 60_000) : clock + op.ms;
            server.setNow(new Date(clock));
            if (op.kind !== 'wait') await sweep(server.ctx);
            swept = op.kind !== 'wait';
          }
          await checkInvariants(flightIds, swept);
        }
      }),
      {
        numRuns: 50,
        // Known traps first: a lapsed hold whose seat a new buyer takes before the sweeper runs.
        examples: [
          [
            [
              { kind: 'book', user: 0, legs: 'out', seats: [0], returnSeats: [0], method: 'crypto' },
              { kind: 'wait', ms: 956_000 },
              { kind: 'book', user: 1, legs: 'out', seats: [0], returnSeats: [0], method: 'bank_transfer' },
              { kind: 'expire', ms: 0 },
            ],
          ],
          [
            [
              { kind: 'book', user: 0, legs: 'round', seats: [1], returnSeats: [1], method: 'cashApp' },
              { kind: 'wait', ms: 956_000 },
              { kind: 'book', user: 1, legs: 'back', seats: [1], returnSeats: [1], method: 'crypto' },
              { kind: 'approve', booking: 0 },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
