import { Navigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';

/** /dashboard: admins start on the overview, travellers on their profile. */
export function DashboardIndex() {
  const { user } = useAuth();
  return <Navigate to={user?.role === 'admin' ? 'overview' : 'profile'} replace />;
}
