import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Conversation } from '../../../../sync/schemas/chat';
import type { User } from '../../../../sync/schemas/user';
import { byLatestActivity } from '../../local/chat-thread';
import { db } from '../../local/db';
import { readGuestSession, storeGuestSession, subscribeGuestSession } from '../../local/guest-session';
import { afterSignIn, startSync } from '../../local/sync-runner';
import { ApiError } from '../../lib/api-error';
import { readAuthToken } from '../../lib/auth-token';
import { listOwnSupport, loginGuest, startSupport } from './guest-api';

export type SupportChat =
  | { status: 'needs-guest' }
  | { status: 'connecting' }
  | { status: 'offline' }
  | { status: 'error'; message: string }
  | { status: 'ready'; conversationId: string; me: string };

/** Spec §8: session-expiry texts are not shown in the chat; the guest is logged in again instead. */
const SILENT = new Set(['Token expired', 'Invalid token']);

/** The most recent support conversation of this user already on the device (open or resolved). */
async function knownConversation(me: string): Promise<Conversation | undefined> {
  const mine = (await db.conversations.where('userId').equals(me).toArray()).filter((c) => c.type === 'Support');
  return mine.sort(byLatestActivity)[0];
}

export function useGuestSession() {
  return useSyncExternalStore(subscribeGuestSession, readGuestSession, () => null);
}

/**
 * Who chats and in which conversation: the signed-in user, else the guest kept on this device (logged in
 * again by itself when its token has lapsed). The device is synced as that identity first, so the
 * conversation and its messages come from Dexie and work offline once known. Online, the token is checked
 * on every open; a lapsed guest token is replaced by a new guest log-in with the stored name and e-mail.
 */
export function useSupportChat(user: User | null, enabled: boolean): SupportChat {
  const guest = useGuestSession();
  const [state, setState] = useState<SupportChat>({ status: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const me = user?._id ?? guest?._id ?? null;
  const token = user ? readAuthToken() : (guest?.token ?? null);

  useEffect(() => {
    if (!enabled) return undefined;
    if (!me || !token) {
      setState({ status: 'needs-guest' });
      return undefined;
    }
    let live = true;
    const retry = () => setAttempt((n) => n + 1);
    setState((current) => (current.status === 'ready' && current.me === me ? current : { status: 'connecting' }));
    void (async () => {
      startSync();
      await afterSignIn();
      const known = await knownConversation(me);
      try {
        if (known) {
          if (live) setState({ status: 'ready', conversationId: known._id, me });
          await listOwnSupport(token);
          return;
        }
        const conversation = await startSupport(token);
        await db.conversations.put(conversation);
        if (live) setState({ status: 'ready', conversationId: conversation._id, me });
      } catch (error) {
        if (!live) return;
        if (error instanceof ApiError && error.status === 401 && guest && !user) {
          storeGuestSession(await loginGuest({ fullName: guest.fullName, email: guest.email }));
          return;
        }
        if (error instanceof ApiError && error.status === 0) {
          if (known) return;
          setState({ status: 'offline' });
          window.addEventListener('online', retry, { once: true });
          return;
        }
        const message = error instanceof Error ? error.message : 'An error occurred.';
        setState(SILENT.has(message) ? { status: 'connecting' } : { status: 'error', message });
      }
    })().catch((error: unknown) => {
      if (live) setState({ status: 'error', message: error instanceof Error ? error.message : 'An error occurred.' });
    });
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [enabled, me, token, guest, user, attempt]);

  return state;
}
