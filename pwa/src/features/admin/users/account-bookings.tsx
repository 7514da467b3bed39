import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AccountBooking } from '../../../../../sync/schemas/admin-user';
import { BookingDetails } from '../../../components/booking/booking-details';
import { DataTable } from '../../../components/table/data-table';
import { bookingTone, paymentLabel, paymentTone } from '../../../components/ui/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useBooking } from '../../../local/hooks';
import { formatAdminDate, formatPrice } from '../../../lib/format';

const COLUMNS = ['Reference', 'Status', 'Payment', 'Flights', 'Departure', 'Total', 'Actions'] as const;

/** The booking's details from the device (admins sync every booking), once it is there. */
function Details({ id, onClose }: { id: string; onClose: () => void }) {
  const booking = useBooking(id);
  return booking ? <BookingDetails booking={booking} audience="admin" onClose={onClose} /> : null;
}

/** The account's bookings, newest first: each opens its details, and its history in the audit log. */
export function AccountBookings({ bookings }: { bookings: readonly AccountBooking[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <DataTable caption="Bookings of this account" columns={COLUMNS} empty="No bookings yet" rowCount={bookings.length}>
        {bookings.map((booking) => (
          <tr key={booking._id}>
            <td>{booking.reference}</td>
            <td>
              <StatusBadge label={booking.status} tone={bookingTone(booking.status)} />
            </td>
            <td>
              {booking.paymentStatus ? <StatusBadge label={paymentLabel(booking.paymentStatus, 'admin')} tone={paymentTone(booking.paymentStatus)} /> : '—'}
            </td>
            <td className="wrap">{booking.flights}</td>
            <td>{formatAdminDate(booking.departureTime)}</td>
            <td>{formatPrice(booking.total)}</td>
            <td>
              <div className="row-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Details of ${booking.reference}`}
                  onClick={() => setOpen(booking._id)}
                >
                  Details
                </button>
                <Link
                  className="button button-secondary button-small"
                  to={`/dashboard/audit?entityId=${booking._id}`}
                  aria-label={`History of ${booking.reference}`}
                >
                  History
                </Link>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {open ? <Details id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
