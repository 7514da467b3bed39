import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useAuth } from '../../lib/auth';

/** The signed-in area (product rules §10.1): a spinner while the user loads, then the page or /login?redirect=... */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const { pathname, search } = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={`/login?redirect=${pathname}${search}`} replace />;
  return children;
}
