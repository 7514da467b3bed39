import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSyncRunner } from '../../local/sync-context';
import { useToast } from '../../components/ui/use-toast';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format';
import type { PaymentAnswer } from '../../../../sync/schemas/payment-answer';
import { finishPlacement } from './placement';

type PaidButtonProps = { answer: PaymentAnswer; disabled: boolean };

/** 'I have made payment ($amount)': the payment awaits review, then the confirm page follows it. */
export function PaidButton({ answer, disabled }: PaidButtonProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { requestSync } = useSyncRunner();
  const { payment, booking } = answer;
  const paid = useMutation({
    mutationFn: () => api(`/payments/${encodeURIComponent(payment._id)}/paid`, { method: 'POST' }),
    onSuccess: () => {
      finishPlacement();
      void requestSync();
      void navigate(`/confirm?bookingId=${encodeURIComponent(booking._id)}&paymentId=${encodeURIComponent(payment._id)}`);
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  return (
    <button type="button" className="button pay-confirm" disabled={disabled || paid.isPending} onClick={() => paid.mutate()}>
      {paid.isPending ? 'Sending…' : `I have made payment (${formatPrice(payment.amount)})`}
    </button>
  );
}
