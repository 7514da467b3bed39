import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/auth-layout';
import { ResetForm } from '../../features/auth/reset-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Choose a new password" lead="Your new password needs at least 8 characters.">
      <ResetForm token={params.get('token')} />
    </AuthLayout>
  );
}
