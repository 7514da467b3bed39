import { useEffect } from 'react';
import { useAuth } from '../lib/auth';
import { protectDeviceData } from '../local/storage-protection';
import { useSyncRunner } from '../local/sync-context';

/**
 * Starts the device sync once someone is signed in, and restarts it for a new sign-in; asks the browser
 * to keep the device's data (the queue of unsent changes with it) from then on.
 * NOTE: the device's runner (Dexie, socket.io) loads on demand (local/sync-context) so visitors' first page stays small.
 */
export function SyncStarter() {
  const { user } = useAuth();
  const userId = user?._id;
  const { start } = useSyncRunner();
  useEffect(() => {
    if (!userId) return;
    void protectDeviceData();
    void start();
  }, [start, userId]);
  return null;
}
