import { EmailNotice } from '../../../features/account/email-notice';
import { MyBookings } from '../../../features/account/bookings/my-bookings';
import { OutboxList } from '../../../components/sync-status/outbox-list';
import { useAuth } from '../../../lib/auth';

export function BookingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="page">
      <div className="page-head">
        <h1>My Bookings</h1>
      </div>
      <EmailNotice />
      <OutboxList filter={(row) => row.name === 'cancelBooking'} />
      <MyBookings userId={user._id} />
    </section>
  );
}
