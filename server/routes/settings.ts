import { Router } from 'express';
import { SettingsBodySchema } from '../../sync/schemas/settings';
import type { AppContext } from '../context';
import { caller } from '../middleware/auth';
import { runMutation } from '../mutations/run';
import { updateSettings } from '../mutations/update-settings';
import { may } from '../policies';
import { adminSettings, publicSettings, readSettings } from '../services/back-office/settings';
import { validate } from '../validate';

export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/settings', async (req, res) => {
    const stored = await readSettings(ctx.db);
    res.json(may('settings.readPrivate', req.user) ? adminSettings(stored) : publicSettings(stored));
  });

  router.put('/settings', async (req, res) => {
    const saved = await runMutation(ctx, updateSettings, caller(req, 'settings.edit'), validate(SettingsBodySchema, req.body));
    res.json({ message: 'Updated successfully!', settings: adminSettings(saved) });
  });

  return router;
}
