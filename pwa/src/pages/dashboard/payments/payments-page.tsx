import { MyPaymentsTable } from '../../../features/account/payments/my-payments-table';
import { useAuth } from '../../../lib/auth';

export function PaymentsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="page">
      <div className="page-head">
        <h1>Payments</h1>
      </div>
      <MyPaymentsTable userId={user._id} />
    </section>
  );
}
