import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { pendingNames } from '../../local/pending-warning';
import { useSyncRunner } from '../../local/sync-context';

/**
 * Sign-out that first names the changes not yet sent, if any, and lets the user keep them for their
 * next sign-in on this device (the default) or discard them; then the token goes and the device forgets
 * this account's view (forgetDevice), and the app shows the signed-out state.
 */
export function useSignOut() {
  const { logout } = useAuth();
  const runner = useSyncRunner();
  const [pending, setPending] = useState<{ count: number; names: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = async (discard: boolean) => {
    setBusy(true);
    try {
      await runner.forgetDevice(discard);
    } finally {
      setBusy(false);
      setPending(null);
      logout();
    }
  };

  const request = async () => {
    const { outbox, uploads } = await runner.pendingChanges();
    const count = outbox.length + uploads.length;
    if (count > 0) setPending({ count, names: pendingNames(outbox, uploads) });
    else await signOut(false);
  };

  return { pending, busy, request, keep: () => signOut(false), discard: () => signOut(true), cancel: () => setPending(null) };
}
