import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { CHAT_EVENTS } from '../../sync/schemas/chat';
import type { AppContext } from '../context';
import { userFromToken } from '../middleware/auth';
import { may } from '../policies';
import { attachChatEvents } from './chat-socket';
import { pokeSender } from './pokes';
import type { Realtime } from './port';
import { ADMIN_ROOM, conversationRooms, userRoom, type RealtimeServer } from './rooms';
import { disconnectRevokedSockets, guardEvents, handshakeToken } from './sessions';

export { ADMIN_ROOM, userRoom };

/** How long a question to the other processes (is a user connected) waits for their answers. */
const ADAPTER_REQUEST_TIMEOUT_MS = 1_000;

/**
 * Socket.io on the same port. The handshake must carry a valid token (`auth.token`); the user id
 * comes from that token, never from anything a client says later. The token is checked again on every
 * event, and a user's sockets are disconnected once their token is revoked (realtime/sessions.ts).
 * With REDIS_URL the Redis adapter joins the rooms of every process: an emit to a room reaches its
 * sockets wherever they are connected.
 */
export async function attachRealtime(ctx: AppContext, server: HttpServer): Promise<RealtimeServer> {
  const { redis } = ctx;
  const adapter = redis
    ? createAdapter(redis.commands, redis.subscriber, {
        key: `${redis.prefix}socket.io`,
        requestsTimeout: ADAPTER_REQUEST_TIMEOUT_MS,
        publishOnSpecificResponseChannel: true,
      })
    : undefined;
  const io: RealtimeServer = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024, ...(adapter && { adapter }) });
  io.use((socket, next) => {
    userFromToken(ctx, handshakeToken(socket)).then(
      (user) => {
        if (!user) {
          next(new Error('Invalid token'));
          return;
        }
        socket.data = { userId: user.id, role: user.role };
        void socket.join(userRoom(user.id));
        if (may('realtime.adminRoom', user)) void socket.join(ADMIN_ROOM);
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  io.on('connection', (socket) => {
    guardEvents(ctx, socket);
    attachChatEvents(ctx, socket);
  });
  await disconnectRevokedSockets(ctx, io);
  ctx.realtime = socketRealtime(ctx, io);
  ctx.metrics.sources.sockets = () => socketsByRole(io);
  return io;
}

/** This process's sockets by their user's role, counted when the metrics are scraped. */
function socketsByRole(io: RealtimeServer): Map<string, number> {
  const roles = new Map<string, number>();
  for (const { data } of io.of('/').sockets.values()) roles.set(data.role, (roles.get(data.role) ?? 0) + 1);
  return roles;
}

/** The realtime port over socket.io (its Redis adapter, when attached, makes it span processes). */
function socketRealtime(ctx: AppContext, io: RealtimeServer): Realtime {
  const isConnectedHere = (userId: string) => (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0;
  return {
    poke: pokeSender(io),
    toConversation: (conversationUserId, chat) => {
      const rooms = io.to(conversationRooms(conversationUserId));
      // Two calls so each event is checked against its own payload in the socket map.
      if (chat.event === CHAT_EVENTS.message) rooms.emit(chat.event, chat.payload);
      else rooms.emit(chat.event, chat.payload);
    },
    isConnectedHere,
    // A socket here answers at once; only then are the other processes asked, if there are any.
    isConnected: async (userId) => {
      if (isConnectedHere(userId)) return true;
      if (!ctx.redis) return false;
      try {
        return (await io.in(userRoom(userId)).fetchSockets()).length > 0;
      } catch (error) {
        // A process that does not answer in time: the guest is mailed rather than left without the reply.
        ctx.log.warn({ err: error, userId }, 'could not ask the other processes whether a user is connected');
        return false;
      }
    },
  };
}
