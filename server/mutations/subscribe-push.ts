import { PushSubscriptionBodySchema } from '../../sync/schemas/push';
import { authorize } from '../policies';
import { saveSubscription } from '../services/push/subscriptions';
import { defineMutation } from './mutation';

/** 'push.subscribe': a signed-in account turns notifications on in one browser. */
export const subscribePush = defineMutation({
  name: 'subscribePush',
  args: PushSubscriptionBodySchema,
  locks: (_args, user) => ({ accounts: [user.id] }),
  permission: (user) => authorize('push.subscribe', user),
  async run(tx, ctx, user, subscription) {
    await saveSubscription(tx, user.id, subscription, ctx.env.PUSH_SERVICE_HOSTS, ctx.now());
    return { result: undefined, effects: [] };
  },
});
