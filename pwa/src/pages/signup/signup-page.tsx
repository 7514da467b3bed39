import { Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/auth-layout';
import { redirectTarget } from '../../features/auth/redirect';
import { SignupForm } from '../../features/auth/signup-form';
import { useAuth } from '../../lib/auth';

export function SignupPage() {
  const { user } = useAuth();
  const target = redirectTarget(useLocation().search);
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthLayout title="Create your account" lead="Book faster, follow your trips and pay securely.">
      <SignupForm target={target} />
    </AuthLayout>
  );
}
