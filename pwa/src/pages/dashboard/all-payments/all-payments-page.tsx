import { AllPaymentsTable } from '../../../features/admin/payments/all-payments-table';
import { OutboxList } from '../../../components/sync-status/outbox-list';

export function AllPaymentsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>All Payments</h1>
      </div>
      <OutboxList filter={(row) => row.name === 'reviewPayment'} />
      <AllPaymentsTable />
    </section>
  );
}
