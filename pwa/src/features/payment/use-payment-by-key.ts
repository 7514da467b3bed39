import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { PaymentWithInstructionsSchema } from '../../../../sync/schemas/payment-answer';

/** The payment behind a payment link (/payment/<key>), with its bank details. */
export function usePaymentByKey(key: string) {
  return useQuery({
    queryKey: ['payment-key', key],
    queryFn: async ({ signal }) => PaymentWithInstructionsSchema.parse(await api<unknown>(`/payments/token/${encodeURIComponent(key)}`, { signal })),
  });
}
