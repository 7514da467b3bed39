import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { Role } from '../../sync/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '../../sync/socket-events';

export const ADMIN_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;

/** Who may see a conversation: its user's sockets and every admin's. */
export const conversationRooms = (conversationUserId: string) => [userRoom(conversationUserId), ADMIN_ROOM];

/** What the handshake learnt from the token; nothing a client says later changes it. */
export type SocketData = { userId: string; role: Role };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
