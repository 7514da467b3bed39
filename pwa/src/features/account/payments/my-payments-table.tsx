import { PageSpinner } from '../../../components/ui/page-spinner';
import { useMyPayments } from '../../../data/hooks';
import { CsvButton } from '../../dashboard/csv-button';
import { Pager } from '../../dashboard/pager';
import { matchesTransaction, PAYMENT_HEADER, PaymentCells, paymentCsvRow } from '../../dashboard/payment-cells';
import { TableToolbar } from '../../dashboard/table-toolbar';
import { useTable } from '../../dashboard/use-table';

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
        <CsvButton fileName="my-payments.csv" header={PAYMENT_HEADER} rows={() => table.filtered.map((p) => paymentCsvRow(p, 'traveller'))} disabled={!table.filtered.length} />
      </TableToolbar>
      {table.visible.length === 0 ? (
        <p className="table-empty">No payments available</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">My payments</caption>
            <thead>
              <tr>
                {PAYMENT_HEADER.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.visible.map((payment) => (
                <tr key={payment._id}>
                  <PaymentCells payment={payment} audience="traveller" />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={table.page} pages={table.pages} onPage={table.setPage} />
    </>
  );
}
