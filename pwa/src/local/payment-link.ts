import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { SyncPayment } from '../../../sync/protocol';
import type { Booking } from '../../../sync/schemas/booking';
import type { Payment } from '../../../sync/schemas/payment';
import type { BankingInfoSchema } from '../../../sync/schemas/settings';
import { readAuthToken, tokenUserId } from '../lib/auth-token';
import { db } from './db';

/** A payment link as the device can show it: the payment with its booking, and where to transfer to. */
export type DevicePaymentLink = { payment: Payment; bankingInfo: z.infer<typeof BankingInfoSchema> | null };

/** The synced payment in the REST shape, its booking populated. */
function withBooking(payment: SyncPayment, booking: Booking): Payment {
  const {
    _id,
    transactionId,
    userId,
    amount,
    currency,
    paymentMethod,
    status,
    reason,
    awaitingReviewAt,
    reviewDeadlineAt,
    deadlineAt,
    image,
    createdAt,
    updatedAt,
  } = payment;
  return {
    _id,
    transactionId,
    bookingId: booking,
    userId,
    amount,
    currency,
    paymentMethod,
    status,
    reason,
    awaitingReviewAt,
    reviewDeadlineAt,
    deadlineAt,
    image,
    createdAt,
    updatedAt,
  };
}

async function hashOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The payment behind `/payment/<key>` from the device, for when the server cannot be reached: only the
 * signed-in payer's own synced payment (its `linkHash` is the key's SHA-256; the server sends it to the
 * payer alone), with its synced booking and, for a bank transfer, the synced bank details.
 * Answers undefined while looking, null when the device does not hold it.
 */
export function useDevicePaymentLink(key: string): DevicePaymentLink | null | undefined {
  const [hash, setHash] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void hashOf(key).then((found) => {
      if (live) setHash(found);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return useLiveQuery(async () => {
    if (!hash) return undefined;
    const me = tokenUserId(readAuthToken());
    const meta = await db.meta.get('sync');
    if (!me || meta?.userId !== me) return null;
    const payment = (await db.payments.toArray()).find((p) => p.linkHash === hash && p.userId._id === me);
    const booking = payment ? await db.bookings.get(payment.bookingId) : undefined;
    if (!payment || !booking) return null;
    if (payment.paymentMethod !== 'bank_transfer') return { payment: withBooking(payment, booking), bankingInfo: null };
    const settings = await db.settings.get('settings');
    return settings ? { payment: withBooking(payment, booking), bankingInfo: settings.bankingInfo } : null;
  }, [hash]);
}
