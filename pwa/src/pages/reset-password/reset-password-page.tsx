import { useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../../sync/password-rule';
import { AuthLayout } from '../../features/auth/auth-layout';
import { ResetForm } from '../../features/auth/reset-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Choose a new password" lead={`Your new password needs at least ${PASSWORD_MIN} characters.`}>
      <ResetForm token={params.get('token')} />
    </AuthLayout>
  );
}
