import { useState } from 'react';
import { useToast } from '../../components/ui/use-toast';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';

/** Shown while the account's e-mail is unconfirmed: booking e-mails wait for the link mailed to it. */
export function EmailNotice() {
  const { user } = useAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!user || user.emailVerified) return null;

  async function resend() {
    setBusy(true);
    try {
      toast.success((await api<{ message: string }>('/auths/verify-email/resend', { method: 'POST' })).message);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="email-notice" role="status" aria-labelledby="email-notice-title">
      <p>
        <strong id="email-notice-title">Please confirm your email address.</strong> We sent a link to {user.email}. Until you open it we send no booking
        e-mails; your bookings are always here.
      </p>
      <button type="button" className="button button-secondary" disabled={busy} onClick={() => void resend()}>
        {busy ? 'Sending…' : 'Resend link'}
      </button>
    </div>
  );
}
