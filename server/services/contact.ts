import { randomUUID } from 'node:crypto';
import type { ContactBody } from '../../sync/schemas/contact';
import type { AppContext } from '../context';
import { contactMessages } from '../db/schema';
import { readSettings } from './settings';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Stores a contact-page message and mails the operator (the settings' mail address) a copy. */
export function storeContactMessage(ctx: AppContext, body: ContactBody, userId: string | null): { id: string } {
  const row = ctx.db
    .insert(contactMessages)
    .values({ id: randomUUID(), userId, name: body.name, email: body.email, mobile: body.mobile, message: body.message, createdAt: ctx.now().toISOString() })
    .returning({ id: contactMessages.id })
    .get();
  const lines = [`From: ${body.name} <${body.email}>`, `Mobile: ${body.mobile || 'not given'}`, '', body.message];
  const mail = {
    to: readSettings(ctx.db).mail.name,
    subject: `Contact form: message from ${body.name}`,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
  };
  // NOTE: the message is already stored; a mail failure is logged and never loses it.
  ctx.mailer.send(mail).catch((error: unknown) => ctx.log.error({ err: error }, 'contact mail failed'));
  return row;
}
