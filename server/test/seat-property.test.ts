import { and, count, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, SEAT_LABELS, SEATS_PER_FLIGHT, type PaymentMethod } from '../../sync/constants';
import { immediate } from '../db/client';
import { activeAllocation } from '../db/flight-queries';
import { bookings, payments, seatAllocations } from '../db/schema';
import { AppError } from '../errors';
import { cancelBooking } from '../mutations/cancel-booking';
import { runMutation } from '../mutations/run';
import { createBookingWithPayment } from '../services/booking/new-booking';
import { getFlight } from '../services/catalogue/flight-reads';
import { sweep } from '../services/booking/lifecycle';
import { markAwaitingReview, reviewPayment } from '../services/payment/payment-review';
import type { UserRow } from '../actor';
import { createUser, findUserByEmail } from '../services/identity/users';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { flightAt, traveller } from './booking-fixtures';

const HOUR = 3_600_000;

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
  });
  afterAll(() => server.stop());

  /** Runs one operation; a refusal (4xx AppError) is a legal outcome, anything else fails the property. */
  async function attempt(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
  }

  /** Seats of these flights with more than one allocation matching `where`. */
  async function doubled(flightIds: string[], where: SQL) {
    return await server.ctx.db
      .select({ flight: seatAllocations.flightId, seat: seatAllocations.seatLabel })
      .from(seatAllocations)
      .where(and(inArray(seatAllocations.flightId, flightIds), where))
      .groupBy(seatAllocations.flightId, seatAllocations.seatLabel)
      .having(sql`count(*) > 1`);
  }

  /** Invariants over this run's two flights, read from the database with the schema's tables. */
  async function checkInvariants(flightIds: string[], justSwept: boolean): Promise<void> {
    const db = server.ctx.db;
    const active = activeAllocation(new Date(clock).toISOString());
    const mine = inArray(seatAllocations.flightId, flightIds);
    expect(await doubled(flightIds, inArray(seatAllocations.state, ['held', 'sold'])), 'a seat with two live allocations').toEqual([]);
    expect(await doubled(flightIds, active), 'a seat with two active allocations').toEqual([]);
    for (const id of flightIds) {
      const [row] = await db
        .select({ n: count() })
        .from(seatAllocations)
        .where(and(eq(seatAllocations.flightId, id), active));
      expect((await getFlight(db, id, server.ctx.now())).availableSeats, 'availableSeats').toBe(SEATS_PER_FLIGHT - (row?.n ?? 0));
    }
    const wrongState = await db
      .select({ reference: bookings.reference, status: bookings.status, state: seatAllocations.state })
      .from(seatAllocations)
      .innerJoin(bookings, eq(bookings.id, seatAllocations.bookingId))
      .where(
        and(
          mine,
          or(
            and(inArray(bookings.status, ['confirmed', 'completed']), not(eq(seatAllocations.state, 'sold'))),
            and(eq(bookings.status, 'cancelled'), not(eq(seatAllocations.state, 'released'))),
            and(eq(bookings.status, 'pending'), eq(seatAllocations.state, 'sold')),
          ),
        ),
      );
    expect(wrongState, 'seat state disagrees with booking status').toEqual([]);
    const unpaid = await db
      .select({ reference: bookings.reference })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(
        and(
          inArray(bookings.flightId, flightIds),
          or(
            and(inArray(bookings.status, ['confirmed', 'completed']), not(eq(payments.status, 'successful'))),
            and(eq(bookings.status, 'pending'), eq(payments.status, 'successful')),
          ),
        ),
      );
    expect(unpaid, 'confirmed bookings and successful payments go together').toEqual([]);
    if (justSwept) {
      const lapsed = await db
        .select({ reference: bookings.reference })
        .from(bookings)
        .innerJoin(seatAllocations, eq(seatAllocations.bookingId, bookings.id))
        .where(and(mine, eq(bookings.status, 'pending'), not(active)));
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
                  { booker: owner, actor: owner },
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
