import { z } from 'zod';
import { EmailSchema, IdSchema } from './common';

export const CONVERSATION_TYPES = ['Support', 'Chat'] as const;

export const GuestLoginBodySchema = z.object({
  email: z.string({ error: 'Please enter your email' }).trim().min(1, 'Please enter your email').pipe(EmailSchema),
  fullName: z.string({ error: 'Please enter your full name' }).trim().min(1, 'Please enter your full name').max(100),
});

export const ConversationStartBodySchema = z.object({ type: z.enum(CONVERSATION_TYPES).default('Support') });

export const MessageSendBodySchema = z
  .object({
    _id: z.uuid().optional(),
    conversationId: IdSchema,
    content: z.string().max(4000, 'Message is too long').default(''),
    image: z.string().max(300).nullable().optional(),
    type: z.enum(CONVERSATION_TYPES).default('Support'),
  })
  .refine((m) => m.content.trim().length > 0 || Boolean(m.image), {
    message: 'A message needs text or an image',
    path: ['content'],
  });

export const ConversationSchema = z.object({
  _id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  status: z.enum(['open', 'resolved']),
  otherUser: z.object({ _id: z.string(), fullName: z.string() }),
  isGuest: z.boolean(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
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

export const EmailBodySchema = z.object({
  to: z.string().trim().min(1).max(254),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(20_000),
});
