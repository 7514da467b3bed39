import jwt from 'jsonwebtoken';
import type { AppContext } from '../context';
import { userFromToken } from '../middleware/auth';
import type { UserRow } from '../actor';
import { userRoom, type RealtimeServer, type RealtimeSocket } from './rooms';

/** The token the socket connected with (`auth.token`). */
export function handshakeToken(socket: Pick<RealtimeSocket, 'handshake'>): string | undefined {
  const auth: unknown = socket.handshake.auth;
  return auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string' ? auth.token : undefined;
}

/**
 * The socket's user while its handshake token still holds: signature, expiry and token version (a
 * sign-out everywhere, a password change or reset bumps it), the user still there and in the role the
 * rooms were joined with. Token verification is cached, so this costs one user read.
 */
export async function socketUser(ctx: AppContext, socket: RealtimeSocket): Promise<UserRow | undefined> {
  const user = await userFromToken(ctx, handshakeToken(socket));
  return user && user.id === socket.data.userId && user.role === socket.data.role ? user : undefined;
}

/** setTimeout's longest delay; a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Every incoming event first re-checks the token; a revoked socket is disconnected and the event
 * dropped. A socket that stays silent is still disconnected when its token expires.
 */
export function guardEvents(ctx: AppContext, socket: RealtimeSocket): void {
  socket.use((_packet, next) => {
    socketUser(ctx, socket).then(
      (user) => (user ? next() : socket.disconnect(true)),
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  const decoded = jwt.decode(handshakeToken(socket) ?? '', { json: true });
  if (typeof decoded?.exp !== 'number') return;
  const expiresAt = decoded.exp * 1000;
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(
      () => void socketUser(ctx, socket).then((user) => (user ? arm() : socket.disconnect(true))),
      Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())),
    );
    timer.unref();
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}

const CHANGED_FUNCTION = 'skyway_user_session_changed';

/**
 * Disconnects a user's sockets as soon as their token version or role changes or the user is deleted,
 * whichever code path did it: on SQLite temporary triggers on this connection report the user id, and after the
 * statement (and its transaction) ends the user's sockets are checked against the committed row, so a
 * rolled-back change disconnects no one (changes made by another process are caught by `guardEvents`). On
 * PostgreSQL a trigger announces the change on commit (migrations/pg/0001) to every process.
 */
export async function disconnectRevokedSockets(ctx: AppContext, io: RealtimeServer): Promise<void> {
  const changed = new Set<string>();
  const recheck = async () => {
    const userIds = [...changed];
    changed.clear();
    try {
      for (const userId of userIds) {
        for (const id of [...(io.sockets.adapter.rooms.get(userRoom(userId)) ?? [])]) {
          const socket = io.sockets.sockets.get(id);
          if (socket && !(await socketUser(ctx, socket))) socket.disconnect(true);
        }
      }
    } catch (error) {
      // The database closes at shutdown; the sockets go with the server then.
      ctx.log.warn({ err: error }, 'socket revocation check failed');
    }
  };
  const note = (userId: string) => {
    if (changed.size === 0) setImmediate(() => void recheck());
    changed.add(userId);
  };
  const { sqlite, listen } = ctx.database;
  if (listen) await listen('user_session_changed', note);
  if (!sqlite) return;
  sqlite.function(CHANGED_FUNCTION, (userId: unknown) => {
    if (typeof userId === 'string') note(userId);
    return null;
  });
  sqlite.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS users_session_changed AFTER UPDATE OF token_version, role ON main.users
      WHEN OLD.token_version IS NOT NEW.token_version OR OLD.role IS NOT NEW.role
      BEGIN SELECT ${CHANGED_FUNCTION}(NEW.id); END;
    CREATE TEMP TRIGGER IF NOT EXISTS users_session_deleted AFTER DELETE ON main.users
      BEGIN SELECT ${CHANGED_FUNCTION}(OLD.id); END;
  `);
}
