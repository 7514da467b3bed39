import type { Conversation } from '../../../../sync/schemas/chat';

/** The admin's choice, kept on the device: browser notifications of waiting travellers (product rules §9.8). */
const KEY = 'supportNotifications';
const listeners = new Set<() => void>();

export type NotificationChoice = 'unsupported' | 'blocked' | 'off' | 'on';

function supported(): boolean {
  return typeof window !== 'undefined' && typeof window.Notification === 'function';
}

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function notificationChoice(): NotificationChoice {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && stored() ? 'on' : 'off';
}

/**
 * Turns notifications on or off. Turning them on asks the browser's permission when it was never
 * given: only from the admin's own click, never by itself.
 */
export async function chooseNotifications(on: boolean): Promise<NotificationChoice> {
  if (on && Notification.permission === 'default') await Notification.requestPermission();
  if (on && Notification.permission === 'granted') localStorage.setItem(KEY, 'on');
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
  return notificationChoice();
}

/** Calls `listener` when the choice changes in this tab or another. */
export function subscribeNotificationChoice(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A notification of a traveller's new message; a later one of the same conversation replaces it. */
export function notifyWaiting(conversation: Conversation, open: (conversationId: string) => void): void {
  const text = conversation.lastMessage?.content.trim() || 'sent an image';
  const notification = new Notification(`${conversation.otherUser.fullName} is waiting for support`, {
    body: text.length > 120 ? `${text.slice(0, 120)}…` : text,
    tag: `support-${conversation._id}`,
  });
  notification.onclick = () => {
    window.focus();
    open(conversation._id);
    notification.close();
  };
}
