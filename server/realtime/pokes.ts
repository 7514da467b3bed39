import { ADMIN_ROOM, userRoom, type RealtimeServer } from './rooms';

/** How long pokes gather before one goes out; short next to the pull it starts. */
export const POKE_WINDOW_MS = 25;

/**
 * A poke only says "pull now", so the rooms poked within one window get a single poke each. Under
 * load (every change pokes its user and every admin) this
 * sends one frame per socket per window instead of one per change.
 */
export function pokeSender(io: RealtimeServer): (userIds: readonly string[]) => void {
  let pending: Set<string> | null = null;
  const flush = () => {
    if (pending) io.to([...pending]).emit('poke');
    pending = null;
  };
  return (userIds) => {
    if (!pending) {
      pending = new Set();
      setTimeout(flush, POKE_WINDOW_MS).unref();
    }
    pending.add(ADMIN_ROOM);
    for (const userId of userIds) pending.add(userRoom(userId));
  };
}
