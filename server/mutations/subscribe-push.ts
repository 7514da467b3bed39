import { PushSubscriptionBodySchema } from '../../sync/schemas/push';
import { authorize } from '../policies';
import { saveSubscription } from '../services/push/subscriptions';
import { defineMutation } from './mutation';

/** 'push.subscribe': a signed-in account turns notifications on in one browser. */
export const subscribePush = defineMutation({
  name: 'subscribePush',
  args: PushSubscriptionBodySchema,
  limits: ['pushSubscription'],
  locks: (_args, user) => ({ accounts: [user.id] }),
  permission: (user) => authorize('push.subscribe', user),
  async run(tx, deps, user, subscription) {
    await saveSubscription(tx, user.id, subscription, deps.env.PUSH_SERVICE_HOSTS, deps.now());
    return { result: undefined, effects: [] };
  },
});
