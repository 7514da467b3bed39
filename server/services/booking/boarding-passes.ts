import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { first, type Queryable, type Tx } from '../../db/client';
import { bookings, flights, seatAllocations, travellers } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * A boarding pass's QR payload: `SW1.<booking reference>.<flight number>.<departure, UTC YYYYMMDD>.<seat>.<traveller id>.<signature>`,
 * the signature an HMAC-SHA256 (first 16 bytes, base64url) of everything before it under a key derived from
 * the server's secret; a scanner that holds that key verifies a pass offline.
 */
const VERSION = 'SW1';
const SIGNATURE = /^[A-Za-z0-9_-]{22}$/;

function passKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('skyway boarding pass key').digest();
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', passKey(secret)).update(body).digest().subarray(0, 16).toString('base64url');
}

export function boardingPassCode(
  secret: string,
  pass: { reference: string; flightNumber: string; departureTime: string; seat: string; travellerId: string },
): string {
  const day = pass.departureTime.slice(0, 10).replaceAll('-', '');
  const body = [VERSION, pass.reference, pass.flightNumber, day, pass.seat, pass.travellerId].join('.');
  return `${body}.${sign(secret, body)}`;
}

/** Signs a pass for every traveller's seat on every leg of a booking being checked in. */
export async function issueBoardingPasses(tx: Tx, secret: string, bookingId: string, reference: string): Promise<void> {
  const seats = await tx
    .select({
      id: seatAllocations.id,
      seat: seatAllocations.seatLabel,
      travellerId: seatAllocations.travellerId,
      flightNumber: flights.flightNumber,
      departureTime: flights.departureTime,
    })
    .from(seatAllocations)
    .innerJoin(flights, eq(flights.id, seatAllocations.flightId))
    .where(and(eq(seatAllocations.bookingId, bookingId), eq(seatAllocations.state, 'sold'), isNotNull(seatAllocations.travellerId)));
  for (const { id, travellerId, ...leg } of seats) {
    if (!travellerId) continue;
    await tx
      .update(seatAllocations)
      .set({ boardingCode: boardingPassCode(secret, { ...leg, reference, travellerId }) })
      .where(eq(seatAllocations.id, id));
  }
}

export type VerifiedPass = { bookingId: string; flightNumber: string; seat: string; passenger: string; bookingStatus: string };

/**
 * What a gate scanner learns from a pass: whose it is, if the signature holds, the pass is still the
 * booking's, the booking is confirmed and the seat still sold to it (a cancelled booking's seat may be
 * someone else's now).
 */
export async function verifyBoardingPass(q: Queryable, secret: string, code: string): Promise<VerifiedPass> {
  const cut = code.lastIndexOf('.');
  const body = code.slice(0, cut);
  const signature = code.slice(cut + 1);
  const expected = sign(secret, body);
  const genuine = cut > 0 && SIGNATURE.test(signature) && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  const row = genuine
    ? await first(
        q
          .select({
            reference: bookings.reference,
            status: bookings.status,
            seat: seatAllocations.seatLabel,
            flightNumber: flights.flightNumber,
            first: travellers.firstName,
            last: travellers.lastName,
            title: travellers.title,
          })
          .from(seatAllocations)
          .innerJoin(bookings, eq(bookings.id, seatAllocations.bookingId))
          .innerJoin(flights, eq(flights.id, seatAllocations.flightId))
          .innerJoin(travellers, eq(travellers.id, seatAllocations.travellerId))
          .where(and(eq(seatAllocations.boardingCode, code), eq(seatAllocations.state, 'sold'), eq(bookings.status, 'confirmed'))),
      )
    : undefined;
  if (!row) throw new AppError(422, 'This boarding pass is not valid', { code: 'invalid_boarding_pass' });
  return {
    bookingId: row.reference,
    flightNumber: row.flightNumber,
    seat: row.seat,
    passenger: `${row.title} ${row.first} ${row.last}`,
    bookingStatus: row.status,
  };
}
