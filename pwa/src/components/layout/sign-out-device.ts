import { pendingWarning } from '../../local/pending-warning';

/**
 * The navbar's sign-out: warns when changes are still queued, then forgets the device's data.
 * NOTE: the sync runner is loaded on demand so the navbar adds nothing to a visitor's first page.
 */
export async function signOutDevice(logout: () => void): Promise<void> {
  const runner = await import('../../local/sync-runner');
  const pending = await runner.pendingCount();
  if (pending > 0 && !window.confirm(pendingWarning(pending))) return;
  await runner.forgetDevice();
  logout();
}
