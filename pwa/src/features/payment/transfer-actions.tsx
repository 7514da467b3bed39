import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { Payment } from '../../../../sync/schemas/payment';
import type { UploadRow } from '../../local/db';
import { useSyncRunner } from '../../local/sync-context';
import { useToast } from '../../components/ui/use-toast';
import { formatPrice } from '../../lib/format';
import { finishPlacement } from './placement';
import { claimDevice } from '../../local/receipt-queue';

type TransferActionsProps = { payment: Payment; receipt: UploadRow | undefined };

/** Confirm (with a receipt), 'I have made Payment' and the way back to the methods. */
export function TransferActions({ payment, receipt }: TransferActionsProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSyncRunner();
  const hasReceipt = payment.image !== null || (receipt !== undefined && receipt.state !== 'rejected');

  const confirm = () => {
    if (!hasReceipt) {
      toast.error('Please upload your payment receipt first.');
      return;
    }
    finishPlacement();
    void navigate(`/confirm?paymentId=${encodeURIComponent(payment._id)}`);
  };

  // Through the outbox, so it also works offline; the confirm page follows the payment from the device.
  const paid = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      await claimDevice();
      await mutate.confirmManualPayment({ paymentId: payment._id });
    },
    onSuccess: () => {
      finishPlacement();
      void navigate(`/confirm?bookingId=${encodeURIComponent(payment.bookingId._id)}&paymentId=${encodeURIComponent(payment._id)}`);
    },
  });

  return (
    <div className="transfer-actions">
      <button type="button" className="button" onClick={confirm}>
        Confirm
      </button>
      <button type="button" className="button button-secondary" disabled={paid.isPending} onClick={() => paid.mutate()}>
        I have made Payment ({formatPrice(payment.amount)})
      </button>
      <Link className="button button-secondary" to="/payment">
        Back to payment methods
      </Link>
    </div>
  );
}
