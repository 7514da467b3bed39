import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '../../../sync/schemas/push';
import { first, immediate, type Db, type Queryable, type Tx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { invalidField } from '../../errors';

/** A user's browsers beyond this many: the oldest subscription gives way. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Whether `endpoint` is on one of the push services the server sends to (a host or its subdomain). */
export function onPushService(endpoint: string, hosts: readonly string[]): boolean {
  const host = new URL(endpoint).hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * Keeps a browser's subscription for `userId`. An endpoint is one browser profile: when another account
 * signed in there subscribed it before, it now notifies this one.
 */
export async function saveSubscription(tx: Tx, userId: string, body: PushSubscriptionBody, hosts: readonly string[], now: Date): Promise<void> {
  if (!onPushService(body.endpoint, hosts)) throw invalidField('This browser’s push service is not supported', 'endpoint');
  const values = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now.toISOString() };
  await tx
    .insert(pushSubscriptions)
    .values({ id: randomUUID(), endpoint: body.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const kept = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_USER);
  await tx.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        kept.map((row) => row.id),
      ),
    ),
  );
}

export function subscriptionAt(q: Queryable, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  return first(q.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)));
}

export async function removeSubscription(tx: Tx, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function subscriptionsOf(q: Queryable, userId: string): Promise<PushSubscriptionRow[]> {
  return q.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Which of `userIds` have a browser to notify. */
export async function subscribedUsers(q: Queryable, userIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await q.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, unique));
  return new Set(rows.map((row) => row.userId));
}

/** A subscription its push service says is gone (404, 410): dropped outside any change's transaction. */
export async function dropGoneSubscription(db: Db, endpoint: string): Promise<void> {
  await immediate(db, async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  });
}
