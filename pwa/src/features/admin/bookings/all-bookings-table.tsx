import { useState } from 'react';
import { BookingListQuerySchema } from '../../../../../sync/schemas/admin-lists';
import type { Booking } from '../../../../../sync/schemas/booking';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { keepOpened } from '../../../local/opened';
import { DeviceListNote } from '../device-list-note';
import { HistoryCsvButton } from '../history-csv-button';
import { historyParams, useHistory } from '../use-history';
import { useMyBookings, useOutbox } from '../../../local/hooks';
import { formatAdminDate } from '../../../lib/format';
import { BookingDetails } from '../../../components/booking/booking-details';
import { CancelBookingDialog } from '../../../components/booking/cancel-booking-dialog';
import { cancelsByBooking } from '../../../local/outbox-rows';
import { Pager } from '../../../components/table/pager';
import { bookingTone, paymentLabel, paymentTone } from '../../../components/ui/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableToolbar, counted } from '../../../components/table/table-toolbar';
import { useUrlQuery } from '../../../components/table/use-url-query';
import { TextField } from '../../../components/ui/text-field';
import { BookingActions } from './booking-actions';
import { BOOKING_HEADER, bookingCsvRow, bookingList, flightNumbers, passengers, seatNumbers } from './booking-columns';
import { RefundPaidDialog } from './refund-paid-dialog';
import { useRefundPaid } from './use-refund-paid';
import { DataTable } from '../../../components/table/data-table';

const BOOKINGS_PATH = '/bookings';
const asBooking = (row: Booking) => row;

type Dialog = { kind: 'view' | 'cancel' | 'refund'; id: string } | null;

/**
 * Every booking: online the server pages and searches the whole history; offline (or while it does not
 * answer) the device's working set, which the list says. A booking opened from the history stays on the
 * device. The search, the booking dates and the page are in the address.
 */
export function AllBookingsTable() {
  const all = useMyBookings();
  const queued = cancelsByBooking(useOutbox());
  const { values: query, filter, setPage } = useUrlQuery(BookingListQuerySchema);
  const params = historyParams(query);
  const list = useHistory({
    path: BOOKINGS_PATH,
    params,
    page: query.page,
    held: all,
    shown: asBooking,
    local: (held) => bookingList(held, query),
    onDevice: false,
  });
  const refund = useRefundPaid();
  const [dialog, setDialog] = useState<Dialog>(null);
  const open: Booking | undefined = dialog ? list?.find(dialog.id) : undefined;
  const now = Date.now();

  if (!list) return <PageSpinner label="Loading bookings…" />;
  const { page, pages, visible } = list;
  const view = (booking: Booking) => {
    if (list.fromServer) void keepOpened({ table: 'bookings', row: booking });
    setDialog({ kind: 'view', id: booking._id });
  };
  return (
    <>
      <TableToolbar searchLabel="Search by flight number or passenger" search={query.q} onSearch={(q) => filter({ q })} count={counted(list.total, 'booking')}>
        <HistoryCsvButton noun="booking" header={BOOKING_HEADER} list={list} path={BOOKINGS_PATH} params={params} shown={asBooking} toRow={bookingCsvRow} />
      </TableToolbar>
      {list.offline ? <DeviceListNote /> : null}
      <fieldset className="table-filters">
        <legend className="visually-hidden">Filter bookings</legend>
        <TextField label="Booked from" type="date" value={query.from} max={query.to || undefined} onChange={(event) => filter({ from: event.target.value })} />
        <TextField label="Booked until" type="date" value={query.to} min={query.from || undefined} onChange={(event) => filter({ to: event.target.value })} />
      </fieldset>
      <DataTable caption="All bookings" columns={[...BOOKING_HEADER, 'Actions']} empty="No bookings available" rowCount={visible.length}>
        {visible.map((booking) => (
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
                onView={() => view(booking)}
                onCancel={() => setDialog({ kind: 'cancel', id: booking._id })}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} />
      {dialog?.kind === 'view' && open ? <BookingDetails booking={open} audience="admin" onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' && open ? <CancelBookingDialog booking={open} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'refund' && open ? (
        <RefundPaidDialog booking={open} busy={refund.busy === open._id} onConfirm={(sent) => refund.markPaid(open, sent)} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
