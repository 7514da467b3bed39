import type { AppContext } from '../context';
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
