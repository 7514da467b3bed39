import { useEffect } from 'react';
import { useSyncRunner } from '../../local/sync-context';

/** Keeps the device syncing (and its socket connected) as `token`; a new token reconnects. */
export function useChatSync(token: string | null): void {
  const { start } = useSyncRunner();
  useEffect(() => {
    if (token) void start();
  }, [start, token]);
}
