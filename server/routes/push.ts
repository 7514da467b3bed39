import { Router } from 'express';
import type { AppContext } from '../context';
import { currentUser, gate } from '../middleware/auth';
import { limitsOf } from '../middleware/rate-limits';
import { runMutation } from '../mutations/run';
import { subscribePush } from '../mutations/subscribe-push';
import { unsubscribePush } from '../mutations/unsubscribe-push';
import { vapidKeys } from '../services/push/push-keys';

/** Web Push: the key browsers subscribe with, and each browser's subscription of a signed-in account. */
export function pushRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/push/public-key', async (_req, res) => {
    res.json({ publicKey: (await vapidKeys(ctx)).publicKey });
  });

  router.post('/push/subscriptions', gate('push.subscribe'), ...limitsOf(ctx, subscribePush), async (req, res) => {
    await runMutation(ctx, subscribePush, currentUser(req), req.body);
    res.status(201).json({ message: 'Notifications are on in this browser' });
  });

  /** Only the caller's own subscription: another's endpoint is answered as not found. */
  router.delete('/push/subscriptions', gate('account'), ...limitsOf(ctx, unsubscribePush), async (req, res) => {
    await runMutation(ctx, unsubscribePush, currentUser(req), req.body);
    res.json({ message: 'Notifications are off in this browser' });
  });

  return router;
}
