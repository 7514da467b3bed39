import { AllBookingsTable } from '../../../features/admin/bookings/all-bookings-table';
import { OutboxList } from '../../../components/sync-status/outbox-list';

export function AllBookingsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>All Bookings</h1>
      </div>
      <OutboxList filter={(row) => row.name === 'cancelBooking'} />
      <AllBookingsTable />
    </section>
  );
}
