import { useSearchParams } from 'react-router-dom';
import { ConfirmScreen } from '../../features/payment/confirm-screen';
import { RequireUser } from '../../features/payment/require-user';

/** /confirm?paymentId=..[&bookingId=..]: signed-in only. */
export function ConfirmPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  return (
    <RequireUser>
      {paymentId ? (
        <ConfirmScreen paymentId={paymentId} bookingId={params.get('bookingId')} />
      ) : (
        <p className="page load-error" role="alert">
          No payment was named. Open your payments from the dashboard.
        </p>
      )}
    </RequireUser>
  );
}
