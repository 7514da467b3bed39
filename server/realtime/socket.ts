import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AppContext } from '../context';
import { userFromToken } from '../middleware/auth';

export const ADMIN_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Socket.io on the same port. The handshake must carry a valid token (`auth.token`); the user id
 * comes from that token, never from anything a client says later.
 */
export function attachRealtime(ctx: AppContext, server: HttpServer): Server {
  const io = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
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
  ctx.notify = (target) => {
    const rooms = target === 'admins' ? [ADMIN_ROOM] : [...target.map(userRoom), ADMIN_ROOM];
    io.to(rooms).emit('poke');
  };
  return io;
}
