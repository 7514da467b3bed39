import { randomUUID } from 'node:crypto';
import type { ContactBody } from '../../sync/schemas/contact';
import type { AppContext } from '../context';
import { contactMessages } from '../db/schema';
import { composeMail } from './notifications';
import { readSettings } from './settings';

/** Stores a contact-page message and mails the operator (the settings' mail address) a copy. */
export function storeContactMessage(ctx: AppContext, body: ContactBody, userId: string | null): { id: string } {
  const row = ctx.db
    .insert(contactMessages)
    .values({ id: randomUUID(), userId, name: body.name, email: body.email, mobile: body.mobile, message: body.message, createdAt: ctx.now().toISOString() })
    .returning({ id: contactMessages.id })
    .get();
  const lines = [`From: ${body.name} <${body.email}>`, `Mobile: ${body.mobile || 'not given'}`, '', body.message];
  const mail = composeMail(readSettings(ctx.db).mail.name, `Contact form: message from ${body.name}`, lines);
  // NOTE: the message is already stored; a mail failure is logged and never loses it.
  ctx.mailer.send(mail).catch((error: unknown) => ctx.log.error({ err: error }, 'contact mail failed'));
  return row;
}
