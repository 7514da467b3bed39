import type { AppContext } from '../context';
import type { Effect } from './effects';

/** Sends one effect of the outbox: a mail through the mailer, the rest through the realtime port. */
export function deliver(ctx: AppContext, effect: Effect): void | Promise<void> {
  switch (effect.type) {
    case 'mail':
      return ctx.mailer.send(effect.mail);
    case 'poke':
      ctx.realtime.poke(effect.userIds);
      return;
    case 'conversation':
      ctx.realtime.toConversation(effect.conversationUserId, effect.chat);
      return;
  }
}
