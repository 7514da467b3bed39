import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AppContext } from '../context';
import { userFromToken } from '../middleware/auth';
import { setChatChannel } from '../services/chat-channel';
import { attachChatEvents } from './chat-socket';
import { pokeSender } from './pokes';
import { ADMIN_ROOM, conversationRooms, userRoom, type RealtimeServer } from './rooms';

export { ADMIN_ROOM, userRoom };

/**
 * Socket.io on the same port. The handshake must carry a valid token (`auth.token`); the user id
 * comes from that token, never from anything a client says later.
 */
export function attachRealtime(ctx: AppContext, server: HttpServer): RealtimeServer {
  const io: RealtimeServer = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string' ? auth.token : undefined;
    const user = userFromToken(ctx, token);
    if (!user) {
      next(new Error('Invalid token'));
      return;
    }
    socket.data = { userId: user.id, role: user.role };
    void socket.join(userRoom(user.id));
    if (user.role === 'admin') void socket.join(ADMIN_ROOM);
    next();
  });
  io.on('connection', (socket) => attachChatEvents(ctx, socket));
  ctx.notify = pokeSender(io);
  setChatChannel(ctx, {
    toConversation: (conversationUserId, event, payload) => void io.to(conversationRooms(conversationUserId)).emit(event, payload),
    isConnected: (userId) => (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0,
  });
  return io;
}
