import { useParams } from 'react-router-dom';
import { ManageBooking } from '../../../features/manage-booking/manage-booking';
import { useAuth } from '../../../lib/auth';

/** /dashboard/bookings/:bookingId: one booking of the signed-in traveller and what to do next. */
export function ManageBookingPage() {
  const { user } = useAuth();
  const { bookingId = '' } = useParams();
  if (!user) return null;
  return <ManageBooking bookingId={bookingId} userId={user._id} />;
}
