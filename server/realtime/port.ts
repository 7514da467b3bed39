import type { ConversationEvent } from '../outbox/effects';

/**
 * How the server reaches connected devices, whatever carries it: socket.io (realtime/socket.ts), whose
 * Redis adapter, with REDIS_URL, carries every emit to the sockets of every process serving the app.
 * Only the outbox dispatcher sends through it, after the change it tells about has committed.
 */
export interface Realtime {
  /** Tells these users' devices and every admin's that their data changed: pull now. */
  poke(userIds: readonly string[]): void;
  /** Sends a chat event to a conversation's user and every admin. */
  toConversation(conversationUserId: string, chat: ConversationEvent): void;
  /** Whether the user has a device connected to any process (a guest with none is e-mailed support's reply). */
  isConnected(userId: string): Promise<boolean>;
  /** Whether the user has a device connected to this process: what a transaction may ask, as it never waits for the network. */
  isConnectedHere(userId: string): boolean;
}

/** Until sockets attach, and in scripts without them: nobody is connected, nothing is sent. */
export const offlineRealtime: Realtime = {
  poke: () => undefined,
  toConversation: () => undefined,
  isConnected: () => Promise.resolve(false),
  isConnectedHere: () => false,
};
