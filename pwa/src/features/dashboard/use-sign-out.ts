import { useState } from 'react';
import { forgetDevice, pendingCount } from '../../local/sync-runner';
import { useAuth } from '../../lib/auth';

/**
 * Sign-out that warns first when the outbox still holds changes (sync design: signing out with pending
 * mutations warns), and forgets this user's device data before the token goes.
 */
export function useSignOut() {
  const { logout } = useAuth();
  const [pending, setPending] = useState(0);
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    try {
      await forgetDevice();
    } finally {
      setBusy(false);
      setPending(0);
      logout();
    }
  };

  const request = async () => {
    const count = await pendingCount();
    if (count > 0) setPending(count);
    else await signOut();
  };

  return { pending, busy, request, confirm: signOut, cancel: () => setPending(0) };
}
