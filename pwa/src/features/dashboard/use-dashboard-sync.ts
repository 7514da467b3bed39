import { useEffect, useSyncExternalStore } from 'react';
import { useSyncRunner } from '../../local/sync-context';
import { readAuthToken, subscribeAuthToken } from '../../lib/auth-token';

/**
 * Keeps the device syncing while someone is signed in. A new token (a sign-in, a password change)
 * resumes a queue waiting in 'sign in to send' and reconnects the socket with it.
 */
export function useDashboardSync(signedIn: boolean): void {
  const token = useSyncExternalStore(subscribeAuthToken, readAuthToken, () => null);
  const { start } = useSyncRunner();
  useEffect(() => {
    if (signedIn && token) void start();
  }, [signedIn, start, token]);
}
