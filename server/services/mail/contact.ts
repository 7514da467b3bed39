import { randomUUID } from 'node:crypto';
import type { ContactBody } from '../../../sync/schemas/contact';
import type { Outbox } from '../../outbox/outbox';
import type { DbAndClock } from '../deps';
import { contactMessages } from '../../db/schema';
import { commitWithEffects } from '../../outbox/commit';
import { mailEffect } from '../../outbox/effects';
import { composeMail } from './notifications';
import { readSettings } from '../back-office/settings';
import { only } from '../../db/client';

/** Stores a contact-page message and mails the operator (the settings' mail address) a copy. */
export async function storeContactMessage(ctx: DbAndClock & { outbox: Outbox }, body: ContactBody, userId: string | null): Promise<{ id: string }> {
  // NOTE: anyone may write, signed in or not, so this is no runMutation (whose caller is a user), but the
  // same transaction-and-outbox path: the mail leaves after the message is stored, and a failed mail is retried.
  return commitWithEffects(ctx, async (tx) => {
    const row = await only(
      tx
        .insert(contactMessages)
        .values({
          id: randomUUID(),
          userId,
          name: body.name,
          email: body.email,
          mobile: body.mobile,
          message: body.message,
          createdAt: ctx.now().toISOString(),
        })
        .returning({ id: contactMessages.id }),
    );
    const lines = [`From: ${body.name} <${body.email}>`, `Mobile: ${body.mobile || 'not given'}`, '', body.message];
    const mail = composeMail((await readSettings(tx)).mail.name, `Contact form: message from ${body.name}`, lines);
    return { result: row, effects: [mailEffect(mail)] };
  });
}
