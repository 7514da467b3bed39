import { randomInt, randomUUID } from 'node:crypto';
import { makeReference } from '../../sync/reference';
import type { Tx } from '../db/client';
import { bookings, payments, seatAllocations, travellers } from '../db/schema';
import { recordChange } from '../services/back-office/audit';
import type { SeededFlight } from './flights';

type DemoCase = {
  status: (typeof bookings.$inferSelect)['status'];
  paymentStatus: (typeof payments.$inferSelect)['status'];
  daysFromNow: number;
  seat: string;
  reason?: string;
};

const CASES: DemoCase[] = [
  { status: 'pending', paymentStatus: 'pending', daysFromNow: 5, seat: 'C2' },
  { status: 'confirmed', paymentStatus: 'successful', daysFromNow: 12, seat: 'A1' },
  { status: 'cancelled', paymentStatus: 'failed', daysFromNow: 20, seat: 'B3', reason: 'payment deadline passed' },
  { status: 'completed', paymentStatus: 'successful', daysFromNow: -4, seat: 'D4' },
];

function pickFlight(flights: SeededFlight[], now: Date, days: number, originCode: string): SeededFlight {
  const target = now.getTime() + days * 86_400_000;
  const candidates = flights.filter((f) => f.originCode === originCode);
  const best = candidates.reduce((a, b) => (Math.abs(Date.parse(a.departureTime) - target) <= Math.abs(Date.parse(b.departureTime) - target) ? a : b));
  return best;
}

/** The demo traveller's bookings, one in every status, with their payments, seats and audit trail. */
export async function seedDemoBookings(tx: Tx, userId: string, email: string, flights: SeededFlight[], now: Date, version: number): Promise<void> {
  const stamp = now.toISOString();
  for (const [index, demo] of CASES.entries()) {
    const flight = pickFlight(flights, now, demo.daysFromNow, index % 2 === 0 ? 'LOS' : 'LHR');
    const bookingId = randomUUID();
    const created = new Date(Math.min(now.getTime(), Date.parse(flight.departureTime)) - 3 * 86_400_000).toISOString();
    await tx.insert(bookings).values({
      id: bookingId,
      reference: makeReference((n) => randomInt(n)),
      userId,
      flightId: flight.id,
      travelClass: 'Economy',
      status: demo.status,
      email,
      phone: '+44 7700 900123',
      totalCents: flight.priceCents,
      cancelReason: demo.reason ?? null,
      createdAt: created,
      updatedAt: stamp,
      version,
    });
    const travellerId = randomUUID();
    await tx.insert(travellers).values({
      id: travellerId,
      bookingId,
      position: 1,
      title: 'Ms',
      firstName: 'Ada',
      lastName: 'Okafor',
      dob: '1990-04-12',
      nationality: 'Nigeria',
      passportNumber: 'A12345678',
      passportCountry: 'Nigeria',
      passportExpiry: '2031-04-11',
    });
    const active = demo.status !== 'cancelled';
    await tx.insert(seatAllocations).values({
      id: randomUUID(),
      flightId: flight.id,
      seatLabel: demo.seat,
      bookingId,
      travellerId,
      state: !active ? 'released' : demo.status === 'pending' ? 'held' : 'sold',
      holdExpiresAt: demo.status === 'pending' ? new Date(now.getTime() + 86_400_000).toISOString() : null,
      createdAt: created,
    });
    const paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      transactionId: `TX${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      accessKey: randomUUID().replaceAll('-', ''),
      bookingId,
      userId,
      amountCents: flight.priceCents,
      method: 'bank_transfer',
      status: demo.paymentStatus,
      reason: demo.reason ?? null,
      deadlineAt: new Date(Date.parse(created) + 86_400_000).toISOString(),
      decidedAt: demo.paymentStatus === 'pending' ? null : stamp,
      createdAt: created,
      updatedAt: stamp,
      version,
    });
    if (demo.status !== 'pending') {
      const change = { actorId: null, entity: 'booking', entityId: bookingId, from: 'pending', to: demo.status, reason: demo.reason ?? 'demo data' } as const;
      await recordChange(tx, { ...change, action: `booking.${demo.status}` }, new Date(stamp));
    }
  }
}
