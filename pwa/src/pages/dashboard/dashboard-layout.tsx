import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { DashboardMenu } from '../../features/dashboard/dashboard-menu';
import { isAdminSection } from '../../features/dashboard/dashboard-menu-items';
import { StaffOnly } from '../../features/dashboard/staff-only';
import { useDashboardSync } from '../../features/dashboard/use-dashboard-sync';
import { useSupportAlerts } from '../../features/support-alerts/use-support-alerts';
import { waitingText } from '../../features/support-alerts/waiting';
import { SignOutDialog } from '../../features/sign-out/sign-out-dialog';
import { useSignOut } from '../../features/sign-out/use-sign-out';
import { SyncBanner } from '../../components/sync-status/sync-banner';
import { useAuth } from '../../lib/auth';
import '../../features/dashboard/dashboard.css';
import '../../components/table/tables.css';
import '../../components/table/cards.css';

/**
 * The signed-in area: a spinner while the user loads, the login page without one, staff pages for admins.
 * On every admin page the travellers waiting for support show on the menu and in the tab's title.
 */
export function DashboardLayout() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const signOut = useSignOut();
  useDashboardSync(user !== null);
  const waiting = useSupportAlerts(user?.role === 'admin');

  if (loading) return <PageSpinner label="Loading your account…" />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;

  const admin = user.role === 'admin';
  const section = location.pathname.split('/')[2] ?? '';
  const staffPage = isAdminSection(section);
  return (
    <div className={staffPage ? 'dashboard dashboard-wide' : 'dashboard'}>
      <DashboardMenu admin={admin} badges={{ support: { count: waiting, text: waitingText(waiting) } }} onSignOut={() => void signOut.request()} />
      <div className="dashboard-content">
        <SyncBanner />
        {staffPage && !admin ? (
          <StaffOnly />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </div>
      <SignOutDialog signOut={signOut} />
    </div>
  );
}
