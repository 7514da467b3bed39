import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { readGuestSession, subscribeGuestSession } from '../../local/guest-session';
import { useSyncState } from '../../local/sync-status';
import { readWaitingHint, subscribeWaitingHint } from '../../local/waiting-hint';
import './sync-status.css';

/** 'Sign in again to send 3 waiting changes.' NOTE: here, not with the other labels of pending-warning, which no first visit needs. */
function signInToSend(count: number): string {
  return `Sign in again to send ${count} waiting ${count === 1 ? 'change' : 'changes'}.`;
}

/**
 * On every page: changes wait on this device for an account whose session has ended (expired, revoked,
 * or signed out keeping them). Hidden while someone else is signed in: their changes are not theirs.
 */
export function SignInBanner() {
  const { user } = useAuth();
  const { status } = useSyncState();
  const hint = useSyncExternalStore(subscribeWaitingHint, readWaitingHint, () => null);
  const guest = useSyncExternalStore(subscribeGuestSession, readGuestSession, () => null);
  if (!hint?.count) return null;
  const ended = user ? status === 'auth' && user._id === hint.account : hint.account !== guest?._id;
  if (!ended) return null;
  return (
    <p className="sync-banner sync-banner--warn site-banner" role="status">
      {signInToSend(hint.count)} <Link to="/login">Sign in</Link>
    </p>
  );
}
