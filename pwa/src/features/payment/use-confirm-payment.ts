import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PaymentSchema } from '../../../../sync/schemas/payment';
import { useBooking, usePayment } from '../../local/hooks';
import { api } from '../../lib/api';
import { confirmView } from '../../lib/trip/confirm-view';

const CONFIRM_POLL_MS = 10_000;

/**
 * The payment to confirm: from the server (polled every 10 s while pending) and from the device, which
 * works offline and changes at once when a live push lands; then the server is asked again at once.
 */
export function useConfirmPayment(paymentId: string, bookingId: string | null) {
  const local = usePayment(paymentId);
  const localBooking = useBooking(local?.bookingId ?? bookingId ?? undefined);
  const remote = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: async ({ signal }) => PaymentSchema.parse(await api<unknown>(`/payments/${encodeURIComponent(paymentId)}`, { signal })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' || !query.state.data ? CONFIRM_POLL_MS : false),
    staleTime: 0,
  });
  const { refetch } = remote;
  const localStatus = local?.status;
  const remoteStatus = remote.data?.status;
  useEffect(() => {
    if (localStatus && remoteStatus && localStatus !== remoteStatus) void refetch();
  }, [localStatus, remoteStatus, refetch]);

  if (remote.data) return { view: confirmView(remote.data, remote.data.bookingId), error: null };
  if (local && localBooking) return { view: confirmView(local, localBooking), error: null };
  return { view: null, error: remote.isError ? remote.error : null };
}
