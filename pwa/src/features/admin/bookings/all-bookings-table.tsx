import { useState } from 'react';
import type { Booking } from '../../../../../sync/schemas/booking';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useMyBookings, useOutbox } from '../../../local/hooks';
import { formatAdminDate } from '../../../lib/format';
import { BookingDetails } from '../../../components/booking/booking-details';
import { CancelBookingDialog } from '../../../components/booking/cancel-booking-dialog';
import { CsvButton } from '../../../components/table/csv-button';
import { cancelsByBooking } from '../../../local/outbox-rows';
import { Pager } from '../../../components/table/pager';
import { bookingTone, paymentLabel, paymentTone } from '../../../components/ui/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableToolbar } from '../../../components/table/table-toolbar';
import { useTable } from '../../../components/table/use-table';
import { BookingActions } from './booking-actions';
import { BOOKING_HEADER, bookingCsvRow, flightNumbers, matchesBooking, passengers, seatNumbers } from './booking-columns';
import { RefundPaidDialog } from './refund-paid-dialog';
import { useRefundPaid } from './use-refund-paid';
import { DataTable } from '../../../components/table/data-table';

type Dialog = { kind: 'view' | 'cancel' | 'refund'; id: string } | null;

/** Every booking, from the device (admins sync them all), so the table works on a bad connection. */
export function AllBookingsTable() {
  const all = useMyBookings();
  const queued = cancelsByBooking(useOutbox());
  const table = useTable(all, matchesBooking);
  const refund = useRefundPaid();
  const [dialog, setDialog] = useState<Dialog>(null);
  const open: Booking | undefined = dialog ? all?.find((b) => b._id === dialog.id) : undefined;
  const now = Date.now();

  if (!all) return <PageSpinner label="Loading bookings…" />;
  return (
    <>
      <TableToolbar
        searchLabel="Search by flight number or passenger"
        search={table.search}
        onSearch={table.setSearch}
        count={`${table.filtered.length} bookings`}
      >
        <CsvButton fileName="bookings.csv" header={BOOKING_HEADER} rows={() => table.filtered.map(bookingCsvRow)} disabled={!table.filtered.length} />
      </TableToolbar>
      <DataTable caption="All bookings" columns={[...BOOKING_HEADER, 'Actions']} empty="No bookings available" rowCount={table.visible.length}>
        {table.visible.map((booking) => (
          <tr key={booking._id}>
            <td>{booking.bookingId}</td>
            <td>{passengers(booking)}</td>
            <td>{flightNumbers(booking)}</td>
            <td>{booking.class}</td>
            <td>{seatNumbers(booking)}</td>
            <td>
              <StatusBadge label={booking.status} tone={bookingTone(booking.status)} />
            </td>
            <td>
              <StatusBadge label={paymentLabel(booking.paymentStatus, 'admin')} tone={paymentTone(booking.paymentStatus)} />
            </td>
            <td>{formatAdminDate(booking.createdAt)}</td>
            <td>
              <BookingActions
                booking={booking}
                now={now}
                queued={queued.get(booking._id)}
                refund={{
                  paid: booking.refundPaidAt !== null || refund.paid.has(booking._id),
                  busy: refund.busy === booking._id,
                  onMark: () => setDialog({ kind: 'refund', id: booking._id }),
                }}
                onView={() => setDialog({ kind: 'view', id: booking._id })}
                onCancel={() => setDialog({ kind: 'cancel', id: booking._id })}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={table.page} pages={table.pages} onPage={table.setPage} />
      {dialog?.kind === 'view' && open ? <BookingDetails booking={open} audience="admin" onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' && open ? <CancelBookingDialog booking={open} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'refund' && open ? (
        <RefundPaidDialog booking={open} busy={refund.busy === open._id} onConfirm={(sent) => refund.markPaid(open, sent)} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
