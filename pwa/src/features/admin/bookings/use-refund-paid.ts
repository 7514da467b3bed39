import { useState } from 'react';
import type { Booking, RefundMethod } from '../../../../../sync/schemas/booking';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/api-error';

export type RefundSent = { method: RefundMethod; note: string };

/**
 * 'Refund paid' for a cancelled paid booking (PUT /bookings/{id}/refund) with the whole amount due, the
 * method and a note; answers whether the server took it.
 * NOTE: this session remembers what it marked until the poke's pull brings the booking's paid date.
 */
export function useRefundPaid() {
  const toast = useToast();
  const [paid, setPaid] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const markPaid = async (booking: Booking, sent: RefundSent): Promise<boolean> => {
    setBusy(booking._id);
    try {
      const note = sent.note.trim();
      await api(`/bookings/${booking._id}/refund`, { method: 'PUT', body: { amount: booking.refundDue, method: sent.method, ...(note ? { note } : {}) } });
      setPaid((ids) => new Set(ids).add(booking._id));
      toast.success(`Refund for booking ${booking.bookingId} marked paid`);
      return true;
    } catch (error) {
      toast.error(messageOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { paid, busy, markPaid };
}
