import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { bookings } from '../db/schema';
import { nextVersion } from '../db/version';
import { conflict } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { getBookingRow, toBookingJson } from '../services/booking/booking-view';
import { bookingFor } from '../services/booking/bookings';
import type { UserRow } from '../services/identity/users';
import { authorize } from '../policies';
import { defineMutation } from './mutation';

/** 'booking.markRefundPaid': admins only. */
export function mayMarkRefundPaid(user: UserRow): void {
  authorize('booking.markRefundPaid', user);
}

/** The admin marks the refund of a cancelled paid booking as paid. */
export const markRefundPaid = defineMutation({
  name: 'markRefundPaid',
  args: z.object({ bookingId: z.string().max(64) }),
  permission: mayMarkRefundPaid,
  run(tx, ctx, admin, { bookingId }) {
    const nowIso = ctx.now().toISOString();
    const row = bookingFor(tx, admin, bookingId);
    if (row.refundDueCents === null) throw conflict('This booking has no refund due', 'no_refund_due');
    if (row.refundPaidAt) throw conflict('This refund is already paid', 'refund_already_paid');
    tx.update(bookings)
      .set({ refundPaidAt: nowIso, updatedAt: nowIso, version: nextVersion(tx) })
      .where(eq(bookings.id, bookingId))
      .run();
    return { result: toBookingJson(tx, getBookingRow(tx, bookingId), nowIso), effects: [pokeEffect([row.userId])] };
  },
});
