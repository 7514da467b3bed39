import { useParams } from 'react-router-dom';
import { AccountView } from '../../../features/admin/users/account-view';

/** /dashboard/users/:userId: one account for admins. */
export function UserPage() {
  const { userId = '' } = useParams();
  return <AccountView key={userId} id={userId} />;
}
