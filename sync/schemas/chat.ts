import { z } from 'zod';
import { EmailSchema, IdSchema, IsoDateTimeSchema } from './common';

export const CONVERSATION_TYPES = ['Support', 'Chat'] as const;
export const CONVERSATION_STATUSES = ['open', 'resolved'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Product rules §9.5: the last-message preview in the admin list is cut at 18 characters. */
export const LAST_MESSAGE_PREVIEW_CHARS = 18;
/** Product rules §9.5: a typing indicator disappears 3 seconds after the last typing event. */
export const TYPING_TIMEOUT_MS = 3_000;
export const MESSAGE_MAX_CHARS = 4_000;

export const GuestLoginBodySchema = z.object({
  email: z.string({ error: 'Please enter your email' }).trim().min(1, 'Please enter your email').pipe(EmailSchema),
  fullName: z.string({ error: 'Please enter your full name' }).trim().min(1, 'Please enter your full name').max(100),
});
export type GuestLoginBody = z.infer<typeof GuestLoginBodySchema>;

export const GuestUserSchema = z.object({ token: z.string(), _id: z.string(), fullName: z.string(), email: z.string() });
export type GuestUser = z.infer<typeof GuestUserSchema>;
export const GuestLoginResponseSchema = z.object({ status: z.literal('success'), guestUser: GuestUserSchema });

export const ConversationStartBodySchema = z.object({ type: z.enum(CONVERSATION_TYPES).default('Support') });
export const ConversationTypeParamsSchema = z.object({ type: z.enum(CONVERSATION_TYPES, 'Unknown conversation type') });
export const ConversationParamsSchema = z.object({ conversationId: IdSchema });
export const ConversationStatusBodySchema = z.object({
  status: z.enum(CONVERSATION_STATUSES, "Status must be 'open' or 'resolved'"),
});

const hasTextOrImage = (m: { content: string; image?: string | null | undefined }) => m.content.trim().length > 0 || Boolean(m.image);
const NEEDS_TEXT_OR_IMAGE = { message: 'A message needs text or an image', path: ['content'] };

/** What every message carries, whichever way it is sent (REST or the sync outbox). */
const MessageFieldsSchema = z.object({
  conversationId: IdSchema,
  content: z.string().max(MESSAGE_MAX_CHARS, 'Message is too long').default(''),
  image: z.string().trim().max(300).nullable().optional(),
});

export const MessageSendBodySchema = MessageFieldsSchema.extend({
  _id: z.uuid().optional(),
  type: z.enum(CONVERSATION_TYPES).default('Support'),
}).refine(hasTextOrImage, NEEDS_TEXT_OR_IMAGE);
export type MessageSendBody = z.infer<typeof MessageSendBodySchema>;

/**
 * The outbox form: the id is made by the client, so a replay is harmless. `startAs` marks the first
 * message of a conversation the client made itself (offline too): its `conversationId` is then a
 * client-made UUID, and the server creates the conversation under that id with the message.
 */
export const SendMessageArgsSchema = MessageFieldsSchema.extend({
  _id: z.uuid('A message id must be a UUID'),
  startAs: z.enum(CONVERSATION_TYPES).optional(),
})
  .refine(hasTextOrImage, NEEDS_TEXT_OR_IMAGE)
  .refine((m) => !m.startAs || z.uuid().safeParse(m.conversationId).success, { message: 'A new conversation id must be a UUID', path: ['conversationId'] });
export type SendMessageArgs = z.infer<typeof SendMessageArgsSchema>;

export const MessagePageQuerySchema = z.object({
  before: IsoDateTimeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /messages/conversations/{type}: a page of the list, latest activity first; the whole count in X-Total-Count. */
export const ConversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

export const ConversationSchema = z.object({
  _id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  status: z.enum(CONVERSATION_STATUSES),
  /** Support's view carries the traveller's e-mail (a guest's real address); a traveller sees SkyWay Support. */
  otherUser: z.object({ _id: z.string(), fullName: z.string(), email: z.string().optional() }),
  isGuest: z.boolean(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  /** The traveller (or guest) whose conversation this is. */
  userId: z.string(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const MessageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  sender: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  type: z.enum(CONVERSATION_TYPES),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** GET /messages/{conversationId}: oldest first; `hasMore` says older ones exist (ask again with `before`). */
export const MessagePageSchema = z.object({ messages: z.array(MessageSchema), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** Socket.io events of the chat. The user id is always taken from the socket's token, never from a payload. */
export const CHAT_EVENTS = {
  typing: 'typing',
  stopTyping: 'stopTyping',
  markAsRead: 'markAsRead',
  message: 'message',
  messagesRead: 'messagesRead',
} as const;

/** Client to server: typing, stopTyping and markAsRead carry only the conversation. */
export const ChatClientEventSchema = z.object({ conversationId: IdSchema });
export const TypingEventSchema = z.object({ conversationId: z.string(), isTyping: z.boolean(), userId: z.string() });
export type TypingEvent = z.infer<typeof TypingEventSchema>;
export const MessagesReadEventSchema = z.object({ conversationId: z.string(), userId: z.string() });
export type MessagesReadEvent = z.infer<typeof MessagesReadEventSchema>;

export const EmailBodySchema = z.object({
  to: z.string().trim().min(1).max(254),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(20_000),
});
