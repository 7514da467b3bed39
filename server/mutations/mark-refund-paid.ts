import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { RefundPaidBodySchema } from '../../sync/schemas/booking';
import { dollarsToCents, formatMoney } from '../../sync/money';
import { bookings } from '../db/schema';
import { nextVersion } from '../db/version';
import { conflict, invalidField } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { recordChange } from '../services/back-office/audit';
import { getBookingRow, toBookingJson } from '../services/booking/booking-view';
import { bookingFor } from '../services/booking/bookings';
import type { UserRow } from '../actor';
import { bookingMails } from '../services/mail/notifications';
import { authorize } from '../policies';
import { defineMutation } from './mutation';

/** 'booking.markRefundPaid': admins only. */
export function mayMarkRefundPaid(user: UserRow): void {
  authorize('booking.markRefundPaid', user);
}

/**
 * The admin marks the refund of a cancelled paid booking as paid: the amount must be the refund due
 * (paid whole, so a stale screen cannot record another sum), audited with the method and note, mailed
 * to the traveller and poked to the owner and every admin.
 */
export const markRefundPaid = defineMutation({
  name: 'markRefundPaid',
  args: RefundPaidBodySchema.extend({ bookingId: z.string().max(64) }),
  locks: ({ bookingId }) => ({ bookings: [bookingId] }),
  permission: mayMarkRefundPaid,
  async run(tx, deps, admin, { bookingId, amount, method, note }) {
    const now = deps.now();
    const nowIso = now.toISOString();
    const row = await bookingFor(tx, admin, bookingId);
    if (row.refundDueCents === null) throw conflict('This booking has no refund due', 'no_refund_due');
    if (row.refundPaidAt) throw conflict('This refund is already paid', 'refund_already_paid');
    if (dollarsToCents(amount) !== row.refundDueCents) throw invalidField(`The refund due is ${formatMoney(row.refundDueCents)}`, 'amount');
    await tx
      .update(bookings)
      .set({ refundPaidAt: nowIso, updatedAt: nowIso, version: await nextVersion(tx) })
      .where(eq(bookings.id, bookingId));
    const reason = [`${formatMoney(row.refundDueCents)} by ${method}`, note].filter(Boolean).join(': ');
    await recordChange(
      tx,
      { action: 'refund.paid', actorId: admin.id, entity: 'booking', entityId: bookingId, from: 'refund_due', to: 'refund_paid', reason },
      now,
    );
    const booking = await toBookingJson(tx, await getBookingRow(tx, bookingId), nowIso);
    return { result: booking, effects: [...(await bookingMails.refundPaid(deps, tx, booking, row.refundDueCents, method)), pokeEffect([row.userId])] };
  },
});
