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

function readChoice(): NotificationChoice {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && stored() ? 'on' : 'off';
}

/**
 * NOTE: kept until something changes it: `Notification.permission` asks the browser each time, and a
 * store's snapshot is read on every render of every page with the support badge.
 */
let cached: NotificationChoice | null = null;

export function notificationChoice(): NotificationChoice {
  cached ??= readChoice();
  return cached;
}

function changed(): void {
  cached = null;
  for (const listener of listeners) listener();
}

/**
 * Turns notifications on or off. Turning them on asks the browser's permission when it was never
 * given: only from the admin's own click, never by itself.
 */
export async function chooseNotifications(on: boolean): Promise<NotificationChoice> {
  if (on && Notification.permission === 'default') await Notification.requestPermission();
  if (on && Notification.permission === 'granted') localStorage.setItem(KEY, 'on');
  else localStorage.removeItem(KEY);
  changed();
  return notificationChoice();
}

/** Calls `listener` when the choice changes: in this tab, in another, or in the browser's site settings. */
export function subscribeNotificationChoice(listener: () => void): () => void {
  const onChange = () => {
    cached = null;
    listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) onChange();
  };
  let permission: PermissionStatus | undefined;
  let stopped = false;
  cached = null;
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => {
      if (stopped) return;
      permission = status;
      status.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    permission?.removeEventListener('change', onChange);
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
