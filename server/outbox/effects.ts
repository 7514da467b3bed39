import { z } from 'zod';
import { CHAT_EVENTS, MessageSchema, MessagesReadEventSchema } from '../../sync/schemas/chat';
import { PushPayloadSchema, type PushPayload } from '../../sync/schemas/push';
import type { Mail } from '../services/mail/mail';

const MailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });

/** A chat event for everyone who may see a conversation, typed as the socket map sends it. */
const ConversationEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal(CHAT_EVENTS.message), payload: MessageSchema }),
  z.object({ event: z.literal(CHAT_EVENTS.messagesRead), payload: MessagesReadEventSchema }),
]);
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;

/** What a change wants to happen outside the database once it has committed. */
export const EffectSchema = z.discriminatedUnion('type', [
  /** With `unlessConnected`, not sent while that user has a socket open on any process. */
  z.object({ type: z.literal('mail'), mail: MailSchema, unlessConnected: z.string().optional() }),
  /** A pull-now for the users' devices (and every admin's, who see everything). */
  z.object({ type: z.literal('poke'), userIds: z.array(z.string()) }),
  z.object({ type: z.literal('conversation'), conversationUserId: z.string(), chat: ConversationEventSchema }),
  /** A notification to every browser the user subscribed; with `unlessConnected`, not while the user has a socket open. */
  z.object({ type: z.literal('push'), userId: z.string(), payload: PushPayloadSchema, unlessConnected: z.literal(true).optional() }),
]);
export type Effect = z.infer<typeof EffectSchema>;

/** NOTE: a mail with a secret (`stored`) never goes through the outbox: its row would keep the secret. */
export const mailEffect = (mail: Mail, unlessConnected?: string): Effect => ({
  type: 'mail',
  mail: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
  ...(unlessConnected && { unlessConnected }),
});
export const pokeEffect = (userIds: readonly string[]): Effect => ({ type: 'poke', userIds: [...userIds] });
export const pushEffect = (userId: string, payload: PushPayload, unlessConnected = false): Effect => ({
  type: 'push',
  userId,
  payload,
  ...(unlessConnected && { unlessConnected }),
});
