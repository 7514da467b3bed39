import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { later } from '../../db/batching';
import { immediate, type Db } from '../../db/client';
import { insertReturning, insertRow } from '../../db/insert-row';
import { mailOutbox } from '../../db/schema';
import { readSettings } from '../back-office/settings';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the outbox keeps instead, for a mail that carries a secret (a reset link): admins read the outbox. */
  stored?: { text: string; html: string };
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is recorded in the outbox. With an SMTP URL (environment first, then the admin's
 * setting) it goes out and is marked sent or failed; without one it stays 'stored' for admins to read.
 * A mail with a secret is kept without it, so it can only reach its addressee through SMTP.
 */
export function createMailer(db: Db, log: Logger, envSmtpUrl: string | undefined, now: () => Date): Mailer {
  return {
    async send(mail) {
      const settings = await readSettings(db);
      const smtpUrl = envSmtpUrl ?? settings.smtpUrl;
      const { stored, ...message } = mail;
      const values = { ...message, ...stored, status: 'stored' as const, createdAt: now().toISOString() };
      // Without SMTP nothing needs the row back: on PostgreSQL it goes with BEGIN and COMMIT, one round trip.
      if (!smtpUrl) return immediate(db, (tx) => later(tx, () => insertRow(tx, mailOutbox, values)));
      const row = await immediate(db, (tx) => insertReturning(tx, mailOutbox, values));
      const mark = (set: Partial<typeof mailOutbox.$inferInsert>) => immediate(db, (tx) => tx.update(mailOutbox).set(set).where(eq(mailOutbox.id, row.id)));
      try {
        const transport = nodemailer.createTransport(smtpUrl);
        await transport.sendMail({ from: settings.mail.name, ...message });
        await mark({ status: 'sent', sentAt: now().toISOString() });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ err: message, to: mail.to }, 'mail delivery failed');
        await mark({ status: 'failed', error: message });
      }
    },
  };
}
