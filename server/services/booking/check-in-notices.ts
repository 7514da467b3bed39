import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { CHECK_IN_CLOSES_MS, CHECK_IN_OPENS_MS } from '../../../sync/check-in';
import type { Tx } from '../../db/client';
import { bookings, flights } from '../../db/schema';
import type { Effect } from '../../outbox/effects';
import { notices, pushTo } from '../push/push-notices';

/**
 * Confirmed bookings whose check-in has opened, not checked in and not told yet: each is marked told
 * once, in the sweeper's transaction, and its owner's browsers get a notification.
 */
export async function checkInNotices(tx: Tx, now: Date): Promise<Effect[]> {
  const opened = await tx
    .select({ id: bookings.id, reference: bookings.reference, userId: bookings.userId })
    .from(bookings)
    .innerJoin(flights, eq(flights.id, bookings.flightId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNull(bookings.checkInNoticeAt),
        isNull(bookings.checkedInAt),
        lte(flights.departureTime, new Date(now.getTime() + CHECK_IN_OPENS_MS).toISOString()),
        gt(flights.departureTime, new Date(now.getTime() + CHECK_IN_CLOSES_MS).toISOString()),
      ),
    );
  if (opened.length === 0) return [];
  await tx
    .update(bookings)
    .set({ checkInNoticeAt: now.toISOString() })
    .where(
      inArray(
        bookings.id,
        opened.map((b) => b.id),
      ),
    );
  return pushTo(
    tx,
    opened.map((b) => ({ userId: b.userId, payload: notices.checkInOpen({ _id: b.id, bookingId: b.reference }) })),
  );
}
