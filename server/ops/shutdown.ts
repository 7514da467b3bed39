import type { Server } from 'socket.io';

/** Sent to every socket client when the server shuts down; the transport then closes and clients reconnect by themselves. */
export const SERVER_RESTART_EVENT = 'server-restart';

/**
 * Tells every client the server is going away, then closes socket.io and the HTTP server under it.
 * NOTE: the engine's transports are closed rather than each socket disconnected: a client whose
 * transport closes reconnects by itself with backoff, while one told "io server disconnect" would not.
 * Resolves once the HTTP server has closed (every in-flight request answered or cut).
 */
export function closeRealtime<S extends Server>(io: S): Promise<void> {
  io.emit(SERVER_RESTART_EVENT, { reconnect: true });
  return io.close();
}
