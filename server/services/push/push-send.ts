import webpush, { WebPushError } from 'web-push';
import type { AppContext } from '../../context';
import type { Effect } from '../../outbox/effects';
import { vapidKeys } from './push-keys';
import { dropGoneSubscription, subscriptionsOf } from './subscriptions';

/** A push service keeps an undelivered notification this long for a browser that is off. */
const TTL_SECONDS = 24 * 3600;
/** A push service that has not answered by then counts as a failure (retried later). */
const TIMEOUT_MS = 10_000;

/**
 * Sends a push effect to each of the user's browsers (encrypted, RFC 8291, signed with VAPID). A
 * subscription its push service answers 404 or 410 is gone and dropped; any other failure rejects, so
 * the outbox sends the effect again later (the tag makes a repeat replace the notification shown).
 */
export async function sendPush(ctx: AppContext, effect: Extract<Effect, { type: 'push' }>): Promise<void> {
  if (effect.unlessConnected && (await ctx.realtime.isConnected(effect.userId))) return;
  const subscriptions = await subscriptionsOf(ctx.db, effect.userId);
  if (subscriptions.length === 0) return;
  const vapidDetails = await vapidKeys(ctx);
  const body = JSON.stringify(effect.payload);
  const failures: unknown[] = [];
  await Promise.all(
    subscriptions.map(async ({ endpoint, p256dh, auth }) => {
      try {
        await webpush.sendNotification({ endpoint, keys: { p256dh, auth } }, body, { vapidDetails, TTL: TTL_SECONDS, timeout: TIMEOUT_MS });
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) await dropGoneSubscription(ctx.db, endpoint);
        else failures.push(error);
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
}
