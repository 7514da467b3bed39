import { CHAT_EVENTS } from '../../sync/schemas/chat';
import { MutationArgsSchemas } from '../../sync/protocol';
import { mailEffect, pokeEffect, type Effect } from '../outbox/effects';
import { authorize } from '../policies';
import { conversationFor } from '../services/chat/chat';
import { guestReplyMail } from '../services/chat/chat-mail';
import { storeMessage } from '../services/chat/chat-messages';
import { notices, pushTo } from '../services/push/push-notices';
import type { Tx } from '../db/client';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/**
 * 'message.send': a participant of the conversation (its user, or an admin), or, for a conversation the client starts
 * with this message, its future owner; anyone else is told the conversation does not exist.
 */
export async function maySendMessage(user: UserRow, args: { conversationId: string; startAs?: string | undefined }, tx: Tx): Promise<void> {
  if (!args.startAs) authorize('message.send', user, { name: 'Conversation', ownerId: (await conversationFor(tx, user, args.conversationId)).userId });
}

/**
 * A chat message from either side, sent to the conversation's devices and every admin's; a reply from
 * support is also pushed to the traveller's browsers unless the traveller has a socket open then.
 */
export const sendMessage = defineMutation({
  name: 'sendMessage',
  args: MutationArgsSchemas.sendMessage,
  limits: ['chatSend'],
  locks: ({ conversationId }, user) => ({ accounts: [user.id], conversation: conversationId }),
  permission: maySendMessage,
  async run(tx, deps, user, args) {
    // NOTE: a transaction never waits for the network, so it asks this process's sockets only; the mail
    // itself is dropped at sending time if the guest is connected to another process.
    const sent = await storeMessage(tx, user, args, deps.now(), (userId) => deps.realtime.isConnectedHere(userId));
    const effects: Effect[] = [];
    if (sent.created) {
      effects.push({ type: 'conversation', conversationUserId: sent.conversation.userId, chat: { event: CHAT_EVENTS.message, payload: sent.message } });
      effects.push(pokeEffect([sent.conversation.userId]));
      if (user.id !== sent.conversation.userId) {
        const payload = notices.supportReply(sent.message.content, sent.message.image !== null);
        effects.push(...(await pushTo(tx, [{ userId: sent.conversation.userId, payload }], true)));
      }
    }
    if (sent.mailTo)
      effects.push(mailEffect(guestReplyMail(deps, sent.mailTo.email, sent.message.content, sent.message.image !== null), sent.conversation.userId));
    return { result: { message: sent.message, created: sent.created }, effects };
  },
});
