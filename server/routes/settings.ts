import { Router } from 'express';
import { SettingsBodySchema } from '../../sync/schemas/settings';
import type { AppContext } from '../context';
import { gate } from '../middleware/auth';
import { may } from '../policies';
import { adminSettings, publicSettings, readSettings, saveSettings } from '../services/settings';
import { validate } from '../validate';

export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/settings', (req, res) => {
    const stored = readSettings(ctx.db);
    res.json(may('settings.readPrivate', req.user) ? adminSettings(stored) : publicSettings(stored));
  });

  router.put('/settings', gate('settings.edit'), (req, res) => {
    const saved = saveSettings(ctx, validate(SettingsBodySchema, req.body));
    res.json({ message: 'Updated successfully!', settings: adminSettings(saved) });
  });

  return router;
}
