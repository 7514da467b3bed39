import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pushEndpointParts, type PushSubscriptionBody } from '../../../sync/schemas/push';
import { first, immediate, type Db, type Queryable, type Tx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { conflict, invalidField } from '../../errors';

/** A user's browsers beyond this many: the oldest subscription gives way. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** Sends in a row that fail (other than 404/410, which drop it at once) before a subscription is dropped. */
export const MAX_FAILED_SENDS = 5;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * The URL to post a push to for `endpoint`: `https://<host><path>` rebuilt from its one parse
 * (`pushEndpointParts`), when its host is one of `hosts` or a subdomain of one; else undefined. Checked
 * when a browser subscribes and again before each send, so a row saved before the rule is never sent to.
 */
export function pushUrl(endpoint: string, hosts: readonly string[]): string | undefined {
  const parts = pushEndpointParts(endpoint);
  if (!parts) return undefined;
  const { host, path } = parts;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? `https://${host}${path}` : undefined;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Keeps a browser's subscription for `userId`. An endpoint belongs to the account that subscribed it:
 * another account naming it is refused, unless it sends the same keys, which only that browser holds
 * (a browser profile now signed into another account): then it notifies the new account.
 */
export async function saveSubscription(tx: Tx, userId: string, body: PushSubscriptionBody, hosts: readonly string[], now: Date): Promise<void> {
  if (!pushUrl(body.endpoint, hosts)) throw invalidField('This browser’s push service is not supported', 'endpoint');
  const existing = await subscriptionAt(tx, body.endpoint);
  if (existing && existing.userId !== userId && !(sameText(existing.p256dh, body.keys.p256dh) && sameText(existing.auth, body.keys.auth)))
    throw conflict('This browser’s notifications are turned on for another account');
  const values = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, failures: 0, createdAt: now.toISOString() };
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

/** A subscription the server will not send to again (gone, failing, or on no allowed push service): dropped outside any change's transaction. */
export async function dropSubscription(db: Db, id: string): Promise<void> {
  await immediate(db, async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  });
}

/** A send that failed: one more in a row; the MAX_FAILED_SENDS-th drops the subscription. Whether it was dropped. */
export function countFailedSend(db: Db, id: string): Promise<boolean> {
  return immediate(db, async (tx) => {
    const counted = await first(
      tx
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, id))
        .returning({ failures: pushSubscriptions.failures }),
    );
    if (!counted || counted.failures < MAX_FAILED_SENDS) return false;
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return true;
  });
}

/** A send that reached the browser's push service: the failures in a row start over. */
export async function countSuccessfulSend(db: Db, id: string): Promise<void> {
  await immediate(db, async (tx) => {
    await tx.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, id));
  });
}
