import { Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/auth-layout';
import { LoginForm } from '../../features/auth/login-form';
import { redirectTarget } from '../../features/auth/redirect';
import { useAuth } from '../../lib/auth';

export function LoginPage() {
  const { user } = useAuth();
  const target = redirectTarget(useLocation().search);
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthLayout title="Log in" lead="Welcome back. Sign in to manage your bookings and payments.">
      <LoginForm target={target} />
    </AuthLayout>
  );
}
