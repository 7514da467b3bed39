import { useState } from 'react';
import type { SyncPayment } from '../../../../../sync/protocol';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useMyPayments, useOutbox } from '../../../local/hooks';
import { CsvButton } from '../../../components/table/csv-button';
import { reviewsByPayment } from '../../../local/outbox-rows';
import { Pager } from '../../../components/table/pager';
import { matchesTransaction, PAYMENT_HEADER, paymentCsvRow } from '../../../components/table/payment-cells';
import { TableToolbar } from '../../../components/table/table-toolbar';
import { useTable } from '../../../components/table/use-table';
import { PaymentRow } from './payment-row';
import { PaymentViewDialog } from './payment-view-dialog';
import { ReviewDialog, type Decision } from './review-dialog';
import { useReviewFeedback } from './use-review-feedback';
import { DataTable } from '../../../components/table/data-table';

const HEADER = [...PAYMENT_HEADER, 'User'] as const;

type Dialog = { kind: 'view'; id: string } | { kind: 'decide'; id: string; status: Decision } | null;

/** Every payment, from the device (admins sync them all); decisions go through the outbox. */
export function AllPaymentsTable() {
  const all = useMyPayments();
  const queued = reviewsByPayment(useOutbox());
  const table = useTable(all, matchesTransaction);
  const [dialog, setDialog] = useState<Dialog>(null);
  useReviewFeedback();
  const open: SyncPayment | undefined = dialog ? all?.find((p) => p._id === dialog.id) : undefined;

  if (!all) return <PageSpinner label="Loading payments…" />;
  return (
    <>
      <TableToolbar searchLabel="Search by transaction ID" search={table.search} onSearch={table.setSearch} count={`${table.filtered.length} payments`}>
        <CsvButton
          fileName="payments.csv"
          header={HEADER}
          rows={() => table.filtered.map((p) => [...paymentCsvRow(p, 'admin'), p.userId.fullName || p.userId.email])}
          disabled={!table.filtered.length}
        />
      </TableToolbar>
      <DataTable caption="All payments" columns={[...HEADER, 'Actions']} empty="No payments available" rowCount={table.visible.length}>
        {table.visible.map((payment) => (
          <PaymentRow
            key={payment._id}
            payment={payment}
            queued={queued.get(payment._id)}
            onView={() => setDialog({ kind: 'view', id: payment._id })}
            onDecide={(status) => setDialog({ kind: 'decide', id: payment._id, status })}
          />
        ))}
      </DataTable>
      <Pager page={table.page} pages={table.pages} onPage={table.setPage} />
      {dialog?.kind === 'view' && open ? <PaymentViewDialog payment={open} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'decide' && open ? <ReviewDialog payment={open} status={dialog.status} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
