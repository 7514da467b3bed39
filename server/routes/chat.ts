import { Router } from 'express';
import {
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
import { rateLimiters } from '../middleware/rate-limits';
import { listConversations, markConversationRead, setConversationStatus, startConversation } from '../services/chat';
import { createGuest } from '../services/chat-guests';
import { listMessages, sendMessage } from '../services/chat-messages';
import { signToken } from '../services/tokens';
import { validate } from '../validate';

/** The spec's chat service, served under the same /api (product decisions §1). Guests take part with their guest token. */
export function chatRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = rateLimiters(ctx);

  router.post('/users/login-guest', limits.guestLogin, (req, res) => {
    const body = validate(GuestLoginBodySchema, req.body);
    const guest = createGuest(ctx, body);
    const token = signToken(ctx.jwtSecret, guest.id, guest.tokenVersion);
    res.status(201).json({ status: 'success', guestUser: { token, _id: guest.id, fullName: guest.fullName, email: body.email } });
  });

  router.post('/messages/conversations/start', (req, res) => {
    const user = caller(req, 'conversation.start');
    const { type } = validate(ConversationStartBodySchema, req.body ?? {});
    const { conversation, created } = startConversation(ctx, user, type);
    res.status(created ? 201 : 200).json(conversation);
  });

  router.get('/messages/conversations/:type', (req, res) => {
    const user = caller(req, 'conversation.list');
    const { type } = validate(ConversationTypeParamsSchema, req.params);
    res.json(listConversations(ctx, user, type));
  });

  router.put('/messages/conversations/:conversationId/read', (req, res) => {
    const user = currentParticipant(req);
    const { conversationId } = validate(ConversationParamsSchema, req.params);
    res.json({ conversationId, marked: markConversationRead(ctx, user, conversationId) });
  });

  router.put('/messages/conversations/:conversationId/status', (req, res) => {
    const admin = caller(req, 'conversation.setStatus');
    const { conversationId } = validate(ConversationParamsSchema, req.params);
    const { status } = validate(ConversationStatusBodySchema, req.body);
    res.json(setConversationStatus(ctx, admin, conversationId, status));
  });

  router.post('/messages/send', limits.chatSend, (req, res) => {
    const user = currentParticipant(req);
    const body = validate(MessageSendBodySchema, req.body);
    const { message, created } = sendMessage(ctx, user, body);
    res.status(created ? 201 : 200).json(message);
  });

  router.get('/messages/:conversationId', (req, res) => {
    const user = currentParticipant(req);
    const { conversationId } = validate(ConversationParamsSchema, req.params);
    res.json(listMessages(ctx, user, conversationId, validate(MessagePageQuerySchema, req.query)));
  });

  return router;
}
