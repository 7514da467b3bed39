import { useParams } from 'react-router-dom';
import { BoardingPasses } from '../../../features/account/boarding-pass/boarding-passes';
import { useAuth } from '../../../lib/auth';

/** /dashboard/bookings/:bookingId/boarding-pass: the checked-in booking's boarding passes, from the device. */
export function BoardingPassPage() {
  const { user } = useAuth();
  const { bookingId = '' } = useParams();
  if (!user) return null;
  return <BoardingPasses bookingId={bookingId} userId={user._id} />;
}
