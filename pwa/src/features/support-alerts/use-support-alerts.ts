import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConversations } from '../../local/chat';
import { waitingConversations } from '../../local/chat-thread';
import { notificationChoice, notifyWaiting, subscribeNotificationChoice } from './browser-notifications';
import { newlyWaiting, titleWithCount, type UnreadSeen } from './waiting';

export function useNotificationChoice() {
  return useSyncExternalStore(subscribeNotificationChoice, notificationChoice, () => 'unsupported' as const);
}

/**
 * Product rules §9.8, on every admin page: the travellers waiting (live from the device, which chat
 * events keep current) lead the tab's title, and each new message of a waiting traveller is notified
 * by the browser while the tab is hidden, when the admin turned that on. Answers how many wait.
 */
export function useSupportAlerts(enabled: boolean): number {
  const conversations = useConversations();
  const waiting = useMemo(() => (enabled && conversations ? waitingConversations(conversations) : []), [enabled, conversations]);
  const choice = useNotificationChoice();
  const navigate = useNavigate();
  const seen = useRef<UnreadSeen | null>(null);

  useEffect(() => {
    document.title = titleWithCount(document.title, waiting.length);
    return () => {
      document.title = titleWithCount(document.title, 0);
    };
  }, [waiting.length]);

  useEffect(() => {
    if (!enabled || !conversations) return;
    const { fresh, seen: next } = newlyWaiting(seen.current, waiting);
    seen.current = next;
    if (choice !== 'on' || document.visibilityState !== 'hidden') return;
    for (const conversation of fresh) notifyWaiting(conversation, (id) => void navigate(`/dashboard/support?conversation=${id}`));
  }, [enabled, conversations, waiting, choice, navigate]);

  return waiting.length;
}
