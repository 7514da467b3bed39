import { useEffect } from 'react';
import { afterSignIn, startSync } from '../../local/sync-runner';

/** Keeps the device syncing (and its socket connected) as `token`; a new token reconnects. */
export function useChatSync(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    startSync();
    void afterSignIn();
  }, [token]);
}
