import { useState } from 'react';
import type { Booking } from '../../../../../sync/schemas/booking';
import { useToast } from '../../../components/ui/use-toast';
import { useSyncRunner } from '../../../local/sync-context';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/api-error';

/** Online check-in (PUT /bookings/{id}/check-in); the synced booking then shows it. */
export function useCheckIn(booking: Booking) {
  const toast = useToast();
  const { requestSync } = useSyncRunner();
  const [busy, setBusy] = useState(false);
  const checkIn = async () => {
    setBusy(true);
    try {
      await api<Booking>(`/bookings/${booking._id}/check-in`, { method: 'PUT' });
      toast.success(`You are checked in for booking ${booking.bookingId}`);
      void requestSync();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, checkIn };
}
