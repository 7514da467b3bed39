import { AllPaymentsTable } from '../../../features/admin/payments/all-payments-table';
import { OutboxList } from '../../../components/sync-status/outbox-list';

export function AllPaymentsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>All Payments</h1>
      </div>
      {/* Each row shows its own queued change; the list above is only for the refused ones, which the admin discards. */}
      <OutboxList filter={(row) => row.name === 'reviewPayment' && row.state === 'rejected'} />
      <AllPaymentsTable />
    </section>
  );
}
