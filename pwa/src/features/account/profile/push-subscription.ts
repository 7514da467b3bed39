import { PushPublicKeySchema } from '../../../../../sync/schemas/push';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';

/** Whether this browser gets SkyWay's notifications: it cannot, the user blocked them, or off or on. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && typeof window.Notification === 'function';
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

/** A browser that cannot reach its push service never settles `subscribe`: given up after this. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: number | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = window.setTimeout(() => reject(new Error('push service did not answer')), SUBSCRIBE_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => window.clearTimeout(timer));
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Turns notifications on from the user's own click: only now does the browser ask its permission; then
 * the service worker subscribes with the server's key and the server keeps the subscription.
 */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = PushPublicKeySchema.parse(await api('/push/public-key'));
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await withinTime(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })));
  await api('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/** Turns them off: the server forgets this browser (a 404: it already had), and the browser unsubscribes. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (!subscription) return 'off';
  try {
    await api('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
  return 'off';
}
