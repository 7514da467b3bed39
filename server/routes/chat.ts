import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  ConversationListQuerySchema,
  ConversationParamsSchema,
  ConversationStartBodySchema,
  ConversationStatusBodySchema,
  ConversationTypeParamsSchema,
  GuestLoginBodySchema,
  MessagePageQuerySchema,
  MessageSendBodySchema,
} from '../../sync/schemas/chat';
import type { AppContext } from '../context';
import { caller, currentParticipant } from '../middleware/auth';
import { limitsOf, rateLimiters } from '../middleware/rate-limits';
import { markConversationRead } from '../mutations/mark-conversation-read';
import { runMutation } from '../mutations/run';
import { sendMessage } from '../mutations/send-message';
import { setConversationStatus } from '../mutations/set-conversation-status';
import { startConversation } from '../mutations/start-conversation';
import { listConversations } from '../services/chat/chat';
import { createGuest } from '../services/chat/chat-guests';
import { listMessages } from '../services/chat/chat-messages';
import { sendGuestVerificationLink } from '../services/identity/email-verification';
import { signToken } from '../services/identity/tokens';
import { validate } from '../validate';
import { siteUrl } from './site-url';

/** The spec's chat service, served under the same /api (product rules §9.1). Guests take part with their guest token. */
export function chatRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = rateLimiters(ctx);

  router.post('/users/login-guest', limits.guestLogin, async (req, res) => {
    const body = validate(GuestLoginBodySchema, req.body);
    const guest = await createGuest(ctx, body);
    // Support replies are mailed only to an address its owner confirmed (guestLogin bounds these mails per network address).
    await sendGuestVerificationLink(ctx, guest, body.email, siteUrl(ctx, req));
    const token = signToken(ctx.jwtSecret, guest.id, guest.tokenVersion);
    res.status(201).json({ status: 'success', guestUser: { token, _id: guest.id, fullName: guest.fullName, email: body.email } });
  });

  router.post('/messages/conversations/start', async (req, res) => {
    const user = caller(req, 'conversation.start');
    const { type } = validate(ConversationStartBodySchema, req.body ?? {});
    const { conversation, created } = await runMutation(ctx, startConversation, user, { type });
    res.status(created ? 201 : 200).json(conversation);
  });

  router.get('/messages/conversations/:type', async (req, res) => {
    const user = caller(req, 'conversation.list');
    const { type } = validate(ConversationTypeParamsSchema, req.params);
    const { items, total } = await listConversations(ctx, user, type, validate(ConversationListQuerySchema, req.query));
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.put('/messages/conversations/:conversationId/read', async (req, res) => {
    const user = currentParticipant(req);
    const { conversationId } = validate(ConversationParamsSchema, req.params);
    res.json({ conversationId, marked: await runMutation(ctx, markConversationRead, user, { conversationId }) });
  });

  router.put('/messages/conversations/:conversationId/status', async (req, res) => {
    const admin = caller(req, 'conversation.setStatus');
    const { conversationId } = validate(ConversationParamsSchema, req.params);
    const { status } = validate(ConversationStatusBodySchema, req.body);
    res.json(await runMutation(ctx, setConversationStatus, admin, { conversationId, status }));
  });

  router.post('/messages/send', ...limitsOf(ctx, sendMessage), async (req, res) => {
    const user = currentParticipant(req);
    const body = validate(MessageSendBodySchema, req.body);
    const { message, created } = await runMutation(ctx, sendMessage, user, {
      _id: body._id ?? randomUUID(),
      conversationId: body.conversationId,
      content: body.content,
      image: body.image,
    });
    res.status(created ? 201 : 200).json(message);
  });

  router.get('/messages/:conversationId', async (req, res) => {
    const user = currentParticipant(req);
    const { conversationId } = validate(ConversationParamsSchema, req.params);
    res.json(await listMessages(ctx, user, conversationId, validate(MessagePageQuerySchema, req.query)));
  });

  return router;
}
