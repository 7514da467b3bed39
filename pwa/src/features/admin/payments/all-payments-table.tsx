import { useState } from 'react';
import type { SyncPayment } from '../../../../../sync/protocol';
import { PaymentQueueQuerySchema, type PaymentQueueQuery } from '../../../../../sync/schemas/admin-lists';
import type { Payment } from '../../../../../sync/schemas/payment';
import { DeviceListNote } from '../device-list-note';
import { keepOpened } from '../../../local/opened';
import { allOfHistory, CSV_MAX_ROWS, historyParams, useHistory } from '../use-history';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useNow } from '../../../components/ui/use-now';
import { useMyPayments, useOutbox } from '../../../local/hooks';
import { CsvButton } from '../../../components/table/csv-button';
import { reviewsByPayment } from '../../../local/outbox-rows';
import { Pager } from '../../../components/table/pager';
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
const PAYMENTS_PATH = '/payments';

/** GET /payments's query for the queue's filters, in the queue's order. */
function paymentParams(query: PaymentQueueQuery): URLSearchParams {
  const params = historyParams(query);
  params.set('order', 'queue');
  if (query.status === 'awaiting' || query.status === 'unpaid') params.set('stage', query.status);
  if (query.status !== 'any') params.set('status', query.status === 'awaiting' || query.status === 'unpaid' ? 'pending' : query.status);
  if (query.method !== 'any') params.set('method', query.method);
  if (query.receipt) params.set('receipt', '1');
  return params;
}

/** A payment of the server's list as the device keeps it: its booking by id and reference. */
export const syncedPayment = ({ bookingId, ...rest }: Payment): SyncPayment => ({
  ...rest,
  bookingId: bookingId._id,
  bookingRef: bookingId.bookingId,
  linkHash: null,
});

type Dialog = { kind: 'view'; id: string } | { kind: 'decide'; id: string; status: Decision } | null;

/**
 * The review queue, awaiting review first, the longest waiting on top: online the server pages and
 * searches the whole history; offline the device's working set (everything awaiting review is there),
 * which the list says. Searched and filtered from the address, so links and reloads keep the view.
 * Decisions go through the outbox.
 */
export function AllPaymentsTable() {
  const all = useMyPayments();
  const queued = reviewsByPayment(useOutbox());
  const { values: query, filter, setPage } = useUrlQuery(PaymentQueueQuerySchema);
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = useNow(60_000);
  useReviewFeedback();
  const params = paymentParams(query);
  const list = useHistory({
    path: PAYMENTS_PATH,
    params,
    page: query.page,
    held: all,
    shown: syncedPayment,
    local: (held) => paymentQueue(held, query, new Set(queued.keys())),
    // Every payment awaiting review is on the device, with this device's decisions on them.
    onDevice: query.status === 'awaiting',
  });
  const open: SyncPayment | undefined = dialog ? list?.find(dialog.id) : undefined;

  if (!list) return <PageSpinner label="Loading payments…" />;
  const { page, pages, visible } = list;
  const keep = (payment: SyncPayment) => {
    if (list.fromServer) void keepOpened({ table: 'payments', row: payment });
  };
  const csvRow = (p: SyncPayment) => [...paymentCsvRow(p, 'admin'), p.userId.fullName || p.userId.email];
  const csv = list.fromServer ? async () => (await allOfHistory(PAYMENTS_PATH, params, syncedPayment)).map(csvRow) : () => list.rows.map(csvRow);
  return (
    <>
      <TableToolbar
        searchLabel="Search by transaction ID, booking reference, e-mail or name"
        search={query.q}
        onSearch={(q) => filter({ q })}
        count={counted(list.total, 'payment')}
      >
        <CsvButton
          fileName="payments.csv"
          header={HEADER}
          rows={csv}
          disabled={!list.total || list.total > CSV_MAX_ROWS}
          hint={list.total > CSV_MAX_ROWS ? `Narrow the search to export: at most ${CSV_MAX_ROWS} payments` : undefined}
        />
      </TableToolbar>
      <PaymentFilterBar filters={query} onChange={filter} />
      {list.offline ? <DeviceListNote /> : null}
      <DataTable caption="All payments" columns={[...HEADER, 'Actions']} empty="No payments available" rowCount={visible.length}>
        {visible.map((payment) => (
          <PaymentRow
            key={payment._id}
            payment={payment}
            queued={queued.get(payment._id)}
            now={now}
            onView={() => {
              keep(payment);
              setDialog({ kind: 'view', id: payment._id });
            }}
            onDecide={(status) => {
              keep(payment);
              setDialog({ kind: 'decide', id: payment._id, status });
            }}
          />
        ))}
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} />
      {dialog?.kind === 'view' && open ? <PaymentViewDialog payment={open} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'decide' && open ? <ReviewDialog payment={open} status={dialog.status} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
