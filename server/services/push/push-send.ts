import webpush, { WebPushError } from 'web-push';
import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import type { Env } from '../../env';
import type { Effect } from '../../outbox/effects';
import { vapidKeys, type KeySource } from './push-keys';
import { countFailedSend, countSuccessfulSend, dropSubscription, pushUrl, subscriptionsOf } from './subscriptions';

/** A push service keeps an undelivered notification this long for a browser that is off. */
const TTL_SECONDS = 24 * 3600;
/** A push service that has not answered by then counts as a failure (retried later). */
const TIMEOUT_MS = 10_000;

/** What a send reads: the keys' source, the allowed push services, the agent it dials through, whether the user is online, and the log. */
type PushSender = KeySource & {
  env: Pick<Env, 'PUSH_SERVICE_HOSTS'>;
  pushAgent: Agent;
  realtime: { isConnected(userId: string): Promise<boolean> };
  log: Logger;
};

/**
 * Sends a push effect to each of the user's browsers (encrypted, RFC 8291, signed with VAPID), through
 * `ctx.pushAgent`, to the URL rebuilt from the endpoint's one parse: a row whose endpoint is not on an
 * allowed push service (one saved before that rule) is dropped unsent. A subscription its push service
 * answers 404 or 410 is gone and dropped; any other failure counts one more failed send in a row (the
 * MAX_FAILED_SENDS-th drops it) and, while it is kept, rejects, so the outbox sends the effect again
 * later (the tag makes a repeat replace the notification shown). A success starts the count over.
 */
export async function sendPush(ctx: PushSender, effect: Extract<Effect, { type: 'push' }>): Promise<void> {
  if (effect.unlessConnected && (await ctx.realtime.isConnected(effect.userId))) return;
  const subscriptions = await subscriptionsOf(ctx.db, effect.userId);
  if (subscriptions.length === 0) return;
  const vapidDetails = await vapidKeys(ctx);
  const body = JSON.stringify(effect.payload);
  const failures: unknown[] = [];
  await Promise.all(
    subscriptions.map(async ({ id, endpoint, p256dh, auth, failures: failedBefore }) => {
      const url = pushUrl(endpoint, ctx.env.PUSH_SERVICE_HOSTS);
      if (!url) {
        ctx.log.warn({ subscription: id }, 'push subscription on no allowed push service: dropped unsent');
        await dropSubscription(ctx.db, id);
        return;
      }
      try {
        await webpush.sendNotification({ endpoint: url, keys: { p256dh, auth } }, body, {
          vapidDetails,
          TTL: TTL_SECONDS,
          timeout: TIMEOUT_MS,
          agent: ctx.pushAgent,
        });
        if (failedBefore > 0) await countSuccessfulSend(ctx.db, id);
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) await dropSubscription(ctx.db, id);
        else if (await countFailedSend(ctx.db, id)) ctx.log.warn({ subscription: id, err: String(error) }, 'push subscription failing in a row: dropped');
        else failures.push(error);
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
}
