import { PushEndpointBodySchema } from '../../sync/schemas/push';
import type { Tx } from '../db/client';
import { notFound } from '../errors';
import { authorize } from '../policies';
import type { UserRow } from '../actor';
import { removeSubscription, subscriptionAt } from '../services/push/subscriptions';
import { defineMutation } from './mutation';

async function ownSubscription(tx: Tx, user: UserRow, endpoint: string) {
  const row = await subscriptionAt(tx, endpoint);
  if (!row) throw notFound('Subscription');
  authorize('push.unsubscribe', user, { name: 'Subscription', ownerId: row.userId });
  return row;
}

/** 'push.unsubscribe': the subscription's user turns notifications off in that browser. */
export const unsubscribePush = defineMutation({
  name: 'unsubscribePush',
  args: PushEndpointBodySchema,
  limits: ['pushSubscription'],
  permission: async (user, { endpoint }, tx) => {
    await ownSubscription(tx, user, endpoint);
  },
  async run(tx, _ctx, user, { endpoint }) {
    await removeSubscription(tx, (await ownSubscription(tx, user, endpoint)).id);
    return { result: undefined, effects: [] };
  },
});
