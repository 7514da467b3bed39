import { AllBookingsTable } from '../../../features/admin/bookings/all-bookings-table';
import { OutboxList } from '../../../components/sync-status/outbox-list';

export function AllBookingsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>All Bookings</h1>
      </div>
      {/* Each row shows its own queued change; the list above is only for the refused ones, which the admin discards. */}
      <OutboxList filter={(row) => row.name === 'cancelBooking' && row.state === 'rejected'} />
      <AllBookingsTable />
    </section>
  );
}
