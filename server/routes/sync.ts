import { Router } from 'express';
import { PullRequestSchema, PushRequestSchema } from '../../sync/protocol';
import type { AppContext } from '../context';
import { faultAnswer, whenWritable } from '../db/faults';
import { AppError } from '../errors';
import { caller } from '../middleware/auth';
import { sendJsonInParts } from '../parts';
import { withinPushBudget } from '../sync-push/push-budget';
import { pull } from '../services/sync/sync-pull';
import { push, TransientError } from '../sync-push/sync-push';
import { validate } from '../validate';

export function syncRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/sync/pull', async (req, res) => {
    const user = caller(req, 'sync.use');
    // NOTE: an admin's first page holds every booking and payment: its JSON is written a part at a time.
    const answer = await pull(ctx, user, validate(PullRequestSchema, req.body));
    ctx.metrics.pulled(answer, await sendJsonInParts(res, answer));
  });

  router.post('/sync/push', async (req, res) => {
    const user = caller(req, 'sync.use');
    const request = await withinPushBudget(ctx, { id: user.id, role: user.role, ip: req.ip ?? 'unknown' }, validate(PushRequestSchema, req.body));
    try {
      // A push repeats safely: mutations already applied are skipped.
      const answer = await whenWritable(async () => push(ctx, user, request));
      ctx.metrics.pushed(request.mutations.length);
      res.json(answer);
    } catch (error) {
      if (error instanceof TransientError) {
        // A lock or a full disk reaches the error handler whole: its 503 or 507 says when to retry.
        if (faultAnswer(error.cause)) throw error.cause;
        ctx.log.warn({ req: { id: req.id }, err: error.message }, 'push paused by a transient failure');
        throw new AppError(503, 'The server could not apply this change right now; it will be retried.');
      }
      throw error;
    }
  });

  return router;
}
