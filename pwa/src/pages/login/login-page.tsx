import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { preloadPage } from '../../app/router';
import { AuthLayout } from '../../features/auth/auth-layout';
import { LoginForm } from '../../features/auth/login-form';
import { redirectTarget } from '../../features/auth/redirect';
import { useAuth } from '../../lib/auth';

export function LoginPage() {
  const { user } = useAuth();
  const target = redirectTarget(useLocation().search);
  // While the form is filled in, the code of the first signed-in screen loads: the device sync first, as
  // its first pull waits for it and a slow link's few connections would otherwise serve the page's first.
  useEffect(() => {
    void import('../../local/sync-runner').then(() => preloadPage(target.split('?')[0] ?? target)).catch(() => undefined);
  }, [target]);
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthLayout title="Log in" lead="Welcome back. Sign in to manage your bookings and payments.">
      <LoginForm target={target} />
    </AuthLayout>
  );
}
