import { useEffect, useState, useSyncExternalStore } from 'react';
import type { User } from '../../../../sync/schemas/user';
import { knownSupportConversation } from '../../local/chat';
import { readGuestSession, storeGuestSession, subscribeGuestSession } from '../../local/guest-session';
import { useSyncRunner } from '../../local/sync-context';
import { hasCode, messageOf } from '../../lib/api-error';
import { readAuthToken } from '../../lib/auth-token';
import { uuidv7 } from '../../local/uuid';
import { listOwnSupport, loginGuest } from './guest-api';

export type SupportChat =
  { status: 'needs-guest' } | { status: 'connecting' } | { status: 'error'; message: string } | { status: 'ready'; conversationId: string; me: string };

export function useGuestSession() {
  return useSyncExternalStore(subscribeGuestSession, readGuestSession, () => null);
}

/**
 * Who chats and in which conversation: the signed-in user, else the guest kept on this device (logged in
 * again by itself when its token has lapsed). The device is synced as that identity first, so the
 * conversation and its messages come from Dexie and work offline once known. With none known, the chat
 * opens at once on a new conversation id made here: its first message creates it on the server, so it
 * can be written offline. Online, the token is checked on every open; a lapsed guest token is replaced
 * by a new guest log-in with the stored name and e-mail.
 */
export function useSupportChat(user: User | null, enabled: boolean): SupportChat {
  const guest = useGuestSession();
  const [state, setState] = useState<SupportChat>({ status: 'connecting' });
  const [draftId] = useState(uuidv7);
  const { start } = useSyncRunner();
  const me = user?._id ?? guest?._id ?? null;
  const token = user ? readAuthToken() : (guest?.token ?? null);

  useEffect(() => {
    if (!enabled) return undefined;
    if (!me || !token) {
      setState({ status: 'needs-guest' });
      return undefined;
    }
    let live = true;
    setState((current) => (current.status === 'ready' && current.me === me ? current : { status: 'connecting' }));
    void (async () => {
      await start();
      const known = await knownSupportConversation(me);
      // NOTE: a new conversation waits for the token check (or for it to fail offline): a message written
      // under a lapsed guest identity would be cleared with its outbox when the new identity claims the device.
      if (known && live) setState({ status: 'ready', conversationId: known, me });
      try {
        await listOwnSupport(token);
      } catch (error) {
        if (!live) return;
        if (hasCode(error, 'unauthorized') && guest && !user) {
          storeGuestSession(await loginGuest({ fullName: guest.fullName, email: guest.email }));
          return;
        }
        if (!hasCode(error, 'network')) {
          const message = messageOf(error);
          // Product rules §9.2: an ended session is not shown in the chat as an error; a guest is logged in again above.
          setState(hasCode(error, 'unauthorized') ? { status: 'connecting' } : { status: 'error', message });
          return;
        }
      }
      if (!known && live) setState({ status: 'ready', conversationId: draftId, me });
    })().catch((error: unknown) => {
      if (live) setState({ status: 'error', message: messageOf(error) });
    });
    return () => {
      live = false;
    };
  }, [enabled, me, token, guest, user, draftId, start]);

  return state;
}
