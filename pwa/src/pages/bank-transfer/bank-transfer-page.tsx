import { useParams } from 'react-router-dom';
import { RequireUser } from '../../features/payment/require-user';
import { TransferScreen } from '../../features/payment/transfer-screen';

/** /payment/:paymentId, where the id is the payment link's key. */
export function BankTransferPage() {
  const { paymentId = '' } = useParams();
  return (
    <RequireUser>
      <TransferScreen paymentKey={paymentId} />
    </RequireUser>
  );
}
