import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Outbox } from '../outbox/outbox';
import type { Mailer } from './mail/mail';

/** What most services read besides their arguments: the database and the clock (the server's, or a test's). */
export type DbAndClock = { db: Db; now: () => Date };

/** What a service that mails at once needs: the mailer, the outbox that follows the send, and the log. */
export type MailSender = DbAndClock & { mailer: Mailer; outbox: Pick<Outbox, 'follow'>; log: Logger };
