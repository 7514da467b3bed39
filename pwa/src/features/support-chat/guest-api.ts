import {
  ConversationSchema,
  GuestLoginResponseSchema,
  MessagePageSchema,
  type Conversation,
  type GuestLoginBody,
  type GuestUser,
  type MessagePage,
} from '../../../../sync/schemas/chat';
import { answerError, ApiError, NETWORK_ERROR } from '../../lib/api-error';

/** The chat calls that run as a given identity: a guest's token, or the signed-in user's. */
async function call(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw answerError(response.status, parsed);
  return parsed;
}

export async function loginGuest(body: GuestLoginBody): Promise<GuestUser> {
  return GuestLoginResponseSchema.parse(await call('POST', '/users/login-guest', null, body)).guestUser;
}

/** The caller's own support conversations; also tells whether the token still holds (401 when not). */
export async function listOwnSupport(token: string): Promise<Conversation[]> {
  return ConversationSchema.array().parse(await call('GET', '/messages/conversations/Support', token));
}

/** Up to `limit` messages of a conversation sent before `before`, oldest first, and whether older ones remain. */
export async function listMessagesBefore(conversationId: string, before: string, limit: number, token: string | null): Promise<MessagePage> {
  const query = new URLSearchParams({ before, limit: String(limit) });
  return MessagePageSchema.parse(await call('GET', `/messages/${encodeURIComponent(conversationId)}?${query.toString()}`, token));
}
