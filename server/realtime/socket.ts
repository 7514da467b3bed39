import type { Server as HttpServer } from 'node:http';
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

/**
 * Socket.io on the same port. The handshake must carry a valid token (`auth.token`); the user id
 * comes from that token, never from anything a client says later. The token is checked again on every
 * event, and a user's sockets are disconnected once their token is revoked (realtime/sessions.ts).
 */
export async function attachRealtime(ctx: AppContext, server: HttpServer): Promise<RealtimeServer> {
  const io: RealtimeServer = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
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
  ctx.realtime = socketRealtime(io);
  return io;
}

/** The realtime port over this process's socket.io server (a shared adapter makes it span processes). */
function socketRealtime(io: RealtimeServer): Realtime {
  return {
    poke: pokeSender(io),
    toConversation: (conversationUserId, chat) => {
      const rooms = io.to(conversationRooms(conversationUserId));
      // Two calls so each event is checked against its own payload in the socket map.
      if (chat.event === CHAT_EVENTS.message) rooms.emit(chat.event, chat.payload);
      else rooms.emit(chat.event, chat.payload);
    },
    isConnected: (userId) => (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0,
  };
}
