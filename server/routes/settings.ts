import { Router } from 'express';
import { SettingsBodySchema } from '../../sync/schemas/settings';
import type { AppContext } from '../context';
import { requireAdmin } from '../middleware/auth';
import { adminSettings, publicSettings, readSettings, saveSettings } from '../services/settings';
import { validate } from '../validate';

export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/settings', (req, res) => {
    const stored = readSettings(ctx.db);
    res.json(req.user?.role === 'admin' ? adminSettings(stored) : publicSettings(stored));
  });

  router.put('/settings', requireAdmin, (req, res) => {
    const saved = saveSettings(ctx, validate(SettingsBodySchema, req.body));
    res.json({ message: 'Updated successfully!', settings: adminSettings(saved) });
  });

  return router;
}
