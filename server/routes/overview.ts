import { Router } from 'express';
import { z } from 'zod';
import { isTimeZone } from '../../sync/schemas/airport';
import type { AppContext } from '../context';
import { caller } from '../middleware/auth';
import { overview } from '../services/back-office/overview';
import { validate } from '../validate';

/** The admin's own time zone decides where a day starts; UTC when the browser does not say. */
const OverviewQuerySchema = z.object({
  tz: z.string().trim().max(64).refine(isTimeZone, 'tz must be an IANA time zone such as Europe/London').default('UTC'),
});

export function overviewRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/admin/overview', async (req, res) => {
    caller(req, 'backOffice');
    const { tz } = validate(OverviewQuerySchema, req.query);
    res.json(await overview(ctx, tz));
  });

  return router;
}
