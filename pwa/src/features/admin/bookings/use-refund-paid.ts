import { useState } from 'react';
import type { Booking } from '../../../../../sync/schemas/booking';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/api-error';

/**
 * 'Mark refund paid' for a cancelled paid booking (PUT /bookings/{id}/refund).
 * NOTE: this session remembers what it marked until the next pull brings the booking's paid date.
 */
export function useRefundPaid() {
  const toast = useToast();
  const [paid, setPaid] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const markPaid = async (booking: Booking) => {
    setBusy(booking._id);
    try {
      await api(`/bookings/${booking._id}/refund`, { method: 'PUT' });
      setPaid((ids) => new Set(ids).add(booking._id));
      toast.success(`Refund for booking ${booking.bookingId} marked paid`);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };
  return { paid, busy, markPaid };
}
