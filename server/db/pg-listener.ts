import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Hears each notification on `channel` (`onPayload`), and is told with `onListening` when the process
 * starts or stops hearing them. Resolves once a first attempt to listen has been made, heard or not.
 */
export type Listen = (channel: string, onPayload: (payload: string) => void, onListening?: (listening: boolean) => void) => Promise<void>;

/** The application_name of the listening connection, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'skyway-listener';

const RETRY_FIRST_MS = 100;
const RETRY_MOST_MS = 5_000;

type Subscription = { channel: string; onPayload: (payload: string) => void; onListening: ((listening: boolean) => void) | undefined };

/**
 * NOTE: one connection of its own LISTENs on every channel the process asks for (a pool's connections
 * come and go, and a notification reaches only the session that listens). Notifications sent while it
 * is down are lost for good, so whoever keeps something on their word is told at once when it is lost
 * (onListening(false): the server restarted, the backend was terminated, or TCP keepalive found a dead
 * peer) and again once every channel is heard anew (onListening(true)); both mean that whatever was kept
 * before may be stale. It connects again after 100 ms, then twice as long each failure, 5 s at most.
 */
export function pgListener(connectionString: string, log: Logger): { listen: Listen; close: () => Promise<void> } {
  const subscriptions: Subscription[] = [];
  /** The connection listening on every channel of `subscriptions`, while it does. */
  let client: pg.Client | undefined;
  let opening: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;
  let closed = false;

  const tell = (listening: boolean) => {
    for (const subscription of subscriptions) subscription.onListening?.(listening);
  };

  const open = () => {
    opening ??= connect().finally(() => (opening = undefined));
    return opening;
  };

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, delay);
    delay = Math.min(delay * 2, RETRY_MOST_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_NAME });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) {
        client = undefined;
        tell(false);
      }
      void next.end().catch(() => undefined);
      again();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      for (const subscription of subscriptions) if (subscription.channel === message.channel) subscription.onPayload(message.payload ?? '');
    });
    try {
      await next.connect();
      // Channels asked for while this runs are listened to as well before it counts as listening.
      const listened = new Set<string>();
      for (let missing = subscriptions.find((s) => !listened.has(s.channel)); missing; missing = subscriptions.find((s) => !listened.has(s.channel))) {
        await next.query(`LISTEN ${pg.escapeIdentifier(missing.channel)}`);
        listened.add(missing.channel);
      }
    } catch (error) {
      if (!closed) log.warn({ err: error }, 'listening to PostgreSQL notifications failed; trying again');
      onLost();
      return;
    }
    if (lost) return;
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    delay = RETRY_FIRST_MS;
    tell(true);
  }

  return {
    listen: async (channel, onPayload, onListening) => {
      const subscription = { channel, onPayload, onListening };
      subscriptions.push(subscription);
      if (client) {
        const listening = client;
        await listening.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        if (client === listening) onListening?.(true);
      } else if (!retry) await open();
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await opening;
      await client?.end();
    },
  };
}
