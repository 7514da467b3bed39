import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The Redis connections of one process when REDIS_URL is set: `commands` for the rate limits' counters
 * and socket.io's publishes, `subscriber` for socket.io's subscriptions (a subscribed connection takes
 * no other command). Every key and channel starts with `prefix`.
 */
export type SharedRedis = { commands: Redis; subscriber: Redis; prefix: string; close: () => Promise<void> };

/** The commands socket.io's Redis adapter sends without waiting for their answer. */
type AdapterCommand = 'publish' | 'psubscribe' | 'subscribe' | 'punsubscribe' | 'unsubscribe';

/**
 * NOTE: socket.io's Redis adapter drops the promise of each publish and (un)subscribe: one that fails
 * (Redis away, or closed at shutdown) would be an unhandled rejection, which ends the process. It is
 * logged instead.
 */
function logDroppedFailures(redis: Redis, names: readonly AdapterCommand[], log: Logger): void {
  for (const name of names) {
    const command = redis[name].bind(redis) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(redis, {
      [name]: (...args: unknown[]) =>
        command(...args).catch((error: unknown) => {
          log.warn({ err: error, command: name }, 'a socket.io command to Redis failed');
        }),
    });
  }
}

export function connectRedis(url: string, prefix: string, log: Logger): SharedRedis {
  // NOTE: a command fails after one reconnection attempt instead of ioredis's twenty, so a request
  // counted by a rate limit gets an error while Redis is away rather than hanging. The subscriber's
  // subscriptions wait for Redis however long it takes (ioredis subscribes again after a reconnection).
  const commands = new Redis(url, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  logDroppedFailures(commands, ['publish'], log);
  logDroppedFailures(subscriber, ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe'], log);
  for (const connection of [commands, subscriber]) connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
  // A connection waiting for Redis would keep QUIT queued for ever: it is cut instead.
  const quit = async (connection: Redis) => {
    if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
    else connection.disconnect();
  };
  return { commands, subscriber, prefix, close: async () => void (await Promise.all([quit(commands), quit(subscriber)])) };
}
