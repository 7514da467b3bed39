import { useState } from 'react';
import type { SyncPayment } from '../../../../../sync/protocol';
import { PaymentQueueQuerySchema } from '../../../../../sync/schemas/admin-lists';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useNow } from '../../../components/ui/use-now';
import { useMyPayments, useOutbox } from '../../../local/hooks';
import { CsvButton } from '../../../components/table/csv-button';
import { reviewsByPayment } from '../../../local/outbox-rows';
import { Pager } from '../../../components/table/pager';
import { pageCount, pageSlice } from '../../../components/table/paging';
import { PAYMENT_HEADER, paymentCsvRow } from '../../../components/table/payment-cells';
import { TableToolbar, counted } from '../../../components/table/table-toolbar';
import { useUrlQuery } from '../../../components/table/use-url-query';
import { PaymentFilterBar } from './payment-filter-bar';
import { paymentQueue } from './payment-queue';
import { PaymentRow } from './payment-row';
import { PaymentViewDialog } from './payment-view-dialog';
import { ReviewDialog, type Decision } from './review-dialog';
import { useReviewFeedback } from './use-review-feedback';
import { DataTable } from '../../../components/table/data-table';

const HEADER = [...PAYMENT_HEADER, 'User'] as const;

type Dialog = { kind: 'view'; id: string } | { kind: 'decide'; id: string; status: Decision } | null;

/**
 * The review queue: every payment from the device (admins sync them all), awaiting review first, the
 * longest waiting on top; searched and filtered from the address, so links and reloads keep the view.
 * Decisions go through the outbox.
 */
export function AllPaymentsTable() {
  const all = useMyPayments();
  const queued = reviewsByPayment(useOutbox());
  const { values: query, filter, setPage } = useUrlQuery(PaymentQueueQuerySchema);
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = useNow(60_000);
  useReviewFeedback();
  const open: SyncPayment | undefined = dialog ? all?.find((p) => p._id === dialog.id) : undefined;

  if (!all) return <PageSpinner label="Loading payments…" />;
  const found = paymentQueue(all, query, new Set(queued.keys()));
  const pages = pageCount(found.length);
  const page = Math.min(query.page, pages);
  const visible = pageSlice(found, page);
  return (
    <>
      <TableToolbar
        searchLabel="Search by transaction ID, booking reference, e-mail or name"
        search={query.q}
        onSearch={(q) => filter({ q })}
        count={counted(found.length, 'payment')}
      >
        <CsvButton
          fileName="payments.csv"
          header={HEADER}
          rows={() => found.map((p) => [...paymentCsvRow(p, 'admin'), p.userId.fullName || p.userId.email])}
          disabled={!found.length}
        />
      </TableToolbar>
      <PaymentFilterBar filters={query} onChange={filter} />
      <DataTable caption="All payments" columns={[...HEADER, 'Actions']} empty="No payments available" rowCount={visible.length}>
        {visible.map((payment) => (
          <PaymentRow
            key={payment._id}
            payment={payment}
            queued={queued.get(payment._id)}
            now={now}
            onView={() => setDialog({ kind: 'view', id: payment._id })}
            onDecide={(status) => setDialog({ kind: 'decide', id: payment._id, status })}
          />
        ))}
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} />
      {dialog?.kind === 'view' && open ? <PaymentViewDialog payment={open} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'decide' && open ? <ReviewDialog payment={open} status={dialog.status} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
