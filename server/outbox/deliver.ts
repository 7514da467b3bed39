import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { Mailer } from '../services/mail/mail';
import { sendPush } from '../services/push/push-send';
import type { Effect } from './effects';

/** Sends one effect of the outbox: a mail through the mailer, a push to the user's browsers, the rest through the realtime port. */
export function deliver(ctx: AppContext, effect: Effect): void | Promise<void> {
  switch (effect.type) {
    case 'mail': {
      const { mail, unlessConnected } = effect;
      if (!unlessConnected) return ctx.mailer.send(mail);
      return ctx.realtime.isConnected(unlessConnected).then((connected) => (connected ? undefined : ctx.mailer.send(mail)));
    }
    case 'poke':
      ctx.realtime.poke(effect.userIds);
      return;
    case 'conversation':
      ctx.realtime.toConversation(effect.conversationUserId, effect.chat);
      return;
    case 'push':
      return sendPush(ctx, effect);
  }
}

/**
 * The outbox's `storeNow`: a mail for anyone, with no SMTP URL to go through, is stored in the change's
 * transaction. One that waits to learn whether its addressee is connected goes as an event.
 */
export function storeNow(mailer: Mailer, tx: Tx, effect: Effect): Promise<boolean> {
  return effect.type === 'mail' && !effect.unlessConnected ? mailer.storeUnsendable(tx, effect.mail) : Promise.resolve(false);
}
