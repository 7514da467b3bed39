import { desc } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { EmailBodySchema } from '../../sync/schemas/chat';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { caller } from '../middleware/auth';
import { listAudit } from '../services/back-office/audit';
import { escapeHtml } from '../services/mail/notifications';
import { readSettings } from '../services/back-office/settings';
import { validate } from '../validate';

const AuditQuerySchema = z.object({
  entity: z.enum(['booking', 'payment', 'flight']).optional(),
  entityId: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const OutboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export function adminRoutes(ctx: AppContext): Router {
  const router = Router();

  /** Admin-only mail; `to: 'self'` writes to the operator's address from the settings. */
  router.post('/emails', async (req, res) => {
    caller(req, 'backOffice');
    const body = validate(EmailBodySchema, req.body);
    const to = body.to === 'self' ? readSettings(ctx.db).mail.name : validate(z.email('A valid email is required'), body.to);
    await ctx.mailer.send({ to, subject: body.subject, text: body.message, html: `<p>${escapeHtml(body.message)}</p>` });
    res.status(201).json({ message: 'Email sent' });
  });

  router.get('/audit', (req, res) => {
    caller(req, 'backOffice');
    const query = validate(AuditQuerySchema, req.query);
    res.json(listAudit(ctx.db, { ...query, offset: (query.page - 1) * query.limit }));
  });

  router.get('/mail-outbox', (req, res) => {
    caller(req, 'backOffice');
    const { limit } = validate(OutboxQuerySchema, req.query);
    res.json(ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit).all());
  });

  return router;
}
