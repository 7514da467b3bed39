import type { SyncPayment } from '../../../../../sync/protocol';
import { useUploads } from '../../../local/hooks';
import { isReceiptFor } from '../../../local/receipt-queue';
import { WaitingReceipt } from '../../../components/receipts/receipt-upload';

/** Receipts chosen on this device and not yet sent, one per payment, each with its thumbnail. */
export function WaitingReceipts({ payments }: { payments: SyncPayment[] }) {
  const uploads = useUploads();
  const withReceipt = payments.filter((p) => uploads.some(isReceiptFor(p._id)));
  if (!withReceipt.length) return null;
  return (
    <div className="waiting-receipts">
      {withReceipt.map((payment) => (
        <WaitingReceipt key={payment._id} paymentId={payment._id} title={`Receipt for booking ${payment.bookingRef}, not yet sent`} />
      ))}
    </div>
  );
}
