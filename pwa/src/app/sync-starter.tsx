import { useEffect } from 'react';
import { useAuth } from '../lib/auth';
import { protectDeviceData } from '../local/storage-protection';

/**
 * Starts the device sync once someone is signed in, and restarts it for a new sign-in; asks the browser
 * to keep the device's data (the queue of unsent changes with it) from then on.
 * NOTE: the runner (Dexie, socket.io) is loaded on demand so visitors' first page stays small.
 */
export function SyncStarter() {
  const { user } = useAuth();
  const userId = user?._id;
  useEffect(() => {
    if (!userId) return;
    void protectDeviceData();
    void import('../local/sync-runner').then(async (runner) => {
      runner.startSync();
      await runner.afterSignIn();
    });
  }, [userId]);
  return null;
}
