import { Router } from 'express';
import { ContactBodySchema } from '../../sync/schemas/contact';
import type { AppContext } from '../context';
import { makeLimiter } from '../middleware/rate-limits';
import { storeContactMessage } from '../services/mail/contact';
import { validate } from '../validate';

const contactLimit = { limit: 10, windowMs: 15 * 60_000, key: 'ip', message: 'Too many messages. Please wait 15 minutes and try again.' } as const;

export function contactRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = makeLimiter(contactLimit);

  router.post('/contact', limit, async (req, res) => {
    const body = validate(ContactBodySchema, req.body);
    await storeContactMessage(ctx, body, req.user?.id ?? null);
    res.status(201).json({ message: 'Thank you! Your message has been sent.' });
  });

  return router;
}
