import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/api-error';
import { PaymentWithInstructionsSchema } from '../../../../../sync/schemas/payment-answer';

/**
 * 'Pay now': opens the payment's own link page (bank details, receipt upload, 'I have made Payment').
 * NOTE: the device holds only the SHA-256 of a link's key, so the link itself is asked of the server.
 */
export function PayNowButton({ paymentId }: { paymentId: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const open = useMutation({
    mutationFn: async () => PaymentWithInstructionsSchema.parse(await api<unknown>(`/payments/${encodeURIComponent(paymentId)}`)),
    onSuccess: (payment) => void navigate(payment.instructions.link),
    onError: (error) => toast.error(messageOf(error)),
  });
  return (
    <button type="button" className="button" disabled={open.isPending} onClick={() => open.mutate()}>
      {open.isPending ? 'Opening…' : 'Pay now'}
    </button>
  );
}
