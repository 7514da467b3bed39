import { readAuthToken } from '../lib/auth-token';
import { readGuestSession } from './guest-session';

/** The token the device syncs with: the signed-in user's, else the support guest's. */
export function syncToken(): string | null {
  return readAuthToken() ?? readGuestSession()?.token ?? null;
}
