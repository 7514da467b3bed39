import { PageSpinner } from '../../../components/ui/page-spinner';
import { useMyPayments } from '../../../local/hooks';
import { CsvButton } from '../../../components/table/csv-button';
import { Pager } from '../../../components/table/pager';
import { matchesTransaction, PAYMENT_HEADER, PaymentCells, paymentCsvRow } from '../../../components/table/payment-cells';
import { TableToolbar } from '../../../components/table/table-toolbar';
import { useTable } from '../../../components/table/use-table';
import { DataTable } from '../../../components/table/data-table';
import { WaitingReceipts } from './waiting-receipts';

/** The user's own payments from the device: search by transaction ID, 5 a page. */
export function MyPaymentsTable({ userId }: { userId: string }) {
  const all = useMyPayments();
  // Admins sync every payment; this page is about the user's own.
  const own = all?.filter((p) => p.userId._id === userId);
  const table = useTable(own, matchesTransaction);
  if (!all) return <PageSpinner label="Loading your payments…" />;
  return (
    <>
      <TableToolbar searchLabel="Search by transaction ID" search={table.search} onSearch={table.setSearch}>
        <CsvButton
          fileName="my-payments.csv"
          header={PAYMENT_HEADER}
          rows={() => table.filtered.map((p) => paymentCsvRow(p, 'traveller'))}
          disabled={!table.filtered.length}
        />
      </TableToolbar>
      <DataTable caption="My payments" columns={PAYMENT_HEADER} empty="No payments available" rowCount={table.visible.length}>
        {table.visible.map((payment) => (
          <tr key={payment._id}>
            <PaymentCells payment={payment} audience="traveller" />
          </tr>
        ))}
      </DataTable>
      <Pager page={table.page} pages={table.pages} onPage={table.setPage} />
      <WaitingReceipts payments={own ?? []} />
    </>
  );
}
