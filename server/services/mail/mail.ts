import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { later } from '../../db/batching';
import { immediate, type Db, type Tx } from '../../db/client';
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
  /**
   * In the caller's transaction: stores a mail that has no SMTP URL to go through, and answers true (a
   * later send would only have stored it); answers false, writing nothing, for a mail that can be sent.
   */
  storeUnsendable(tx: Tx, mail: Mail): Promise<boolean>;
}

/**
 * Every mail is recorded in the outbox. With an SMTP URL (environment first, then the admin's
 * setting) it goes out and is marked sent or failed; without one it stays 'stored' for admins to read.
 * A mail with a secret is kept without it, so it can only reach its addressee through SMTP.
 */
export function createMailer(db: Db, log: Logger, envSmtpUrl: string | undefined, now: () => Date): Mailer {
  const rowOf = ({ stored, ...message }: Mail) => ({ ...message, ...stored, status: 'stored' as const, createdAt: now().toISOString() });
  // Nothing needs a stored mail's row back: on PostgreSQL it goes with the transaction's next message.
  const store = (tx: Tx, mail: Mail) => later(tx, () => insertRow(tx, mailOutbox, rowOf(mail)));
  return {
    async storeUnsendable(tx, mail) {
      if (envSmtpUrl ?? (await readSettings(tx)).smtpUrl) return false;
      await store(tx, mail);
      return true;
    },
    async send(mail) {
      const settings = await readSettings(db);
      const smtpUrl = envSmtpUrl ?? settings.smtpUrl;
      if (!smtpUrl) return immediate(db, (tx) => store(tx, mail));
      const message = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
      const row = await immediate(db, (tx) => insertReturning(tx, mailOutbox, rowOf(mail)));
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
