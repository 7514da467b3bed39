import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { VERIFY_LINK_INVALID } from '../../../../sync/schemas/email-verification';
import { AuthLayout } from '../../features/auth/auth-layout';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';

/**
 * The page a confirmation mail links to. NOTE: the token works once, so the call is a query keyed by the
 * token and never retried: a second render (or StrictMode) reuses its answer instead of spending it again.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const confirmation = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const answer = await api<{ message: string }>('/auths/verify-email', { method: 'POST', body: { token } });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      return answer.message;
    },
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const next = user ? <Link to="/dashboard/bookings">Go to my bookings</Link> : <Link to="/login">Log in</Link>;

  return (
    <AuthLayout title="Confirm your email" lead="Booking e-mails go only to a confirmed address.">
      {token === null || confirmation.isError ? (
        <p className="field-error" role="alert">
          {token === null ? VERIFY_LINK_INVALID : messageOf(confirmation.error)}. You can ask for a new link on your{' '}
          <Link to="/dashboard/profile">profile</Link>.
        </p>
      ) : confirmation.isSuccess ? (
        <div className="auth-form">
          <p className="auth-lead" role="status">
            {confirmation.data}
          </p>
          {next}
        </div>
      ) : (
        <p className="auth-lead" role="status">
          Confirming your email address…
        </p>
      )}
    </AuthLayout>
  );
}
