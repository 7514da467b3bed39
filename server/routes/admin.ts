import { desc } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { AuditFilterSchema, AuditQuerySchema } from '../../sync/schemas/audit';
import { EmailBodySchema } from '../../sync/schemas/chat';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { caller, gate } from '../middleware/auth';
import { rateLimiters } from '../middleware/rate-limits';
import { exportAudit, listAudit } from '../services/back-office/audit';
import { escapeHtml } from '../services/mail/notifications';
import { readSettings } from '../services/back-office/settings';
import { validate } from '../validate';

const OutboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export function adminRoutes(ctx: AppContext): Router {
  const router = Router();

  /** Admin-only mail; `to: 'self'` writes to the operator's address from the settings. */
  router.post('/emails', async (req, res) => {
    caller(req, 'backOffice');
    const body = validate(EmailBodySchema, req.body);
    const to = body.to === 'self' ? (await readSettings(ctx.db)).mail.name : validate(z.email('A valid email is required'), body.to);
    await ctx.mailer.send({ to, subject: body.subject, text: body.message, html: `<p>${escapeHtml(body.message)}</p>` });
    res.status(201).json({ message: 'Email sent' });
  });

  /** The audit, filtered by actor, action, object and dates, newest first; the total is in X-Total-Count. */
  router.get('/audit', async (req, res) => {
    caller(req, 'backOffice');
    const query = validate(AuditQuerySchema, req.query);
    const { items, total } = await listAudit(ctx.db, { ...query, offset: (query.page - 1) * query.limit });
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  /** The same filtered set as CSV, the newest AUDIT_EXPORT_MAX rows; X-Total-Count says how many matched, X-Row-Count how many it holds. */
  router.get('/audit/export', gate('backOffice'), rateLimiters(ctx).auditExport, async (req, res) => {
    const { csv, rows, total } = await exportAudit(ctx.db, validate(AuditFilterSchema, req.query));
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('X-Row-Count', String(rows));
    res.setHeader('Content-Disposition', `attachment; filename="skyway-audit-${ctx.now().toISOString().slice(0, 10)}.csv"`);
    res.type('text/csv; charset=utf-8').send(csv);
  });

  router.get('/mail-outbox', async (req, res) => {
    caller(req, 'backOffice');
    const { limit } = validate(OutboxQuerySchema, req.query);
    res.json(await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit));
  });

  return router;
}
