import type { ServerEventName, ServerToClientEvents } from '../../sync/socket-events';
import type { AppContext } from '../context';

/**
 * How the chat services reach connected clients without importing socket.io: the realtime layer
 * registers one channel per app when it attaches, tests and scripts without sockets get a silent one.
 */
export interface ChatChannel {
  /** Sends an event to everyone who may see a conversation: its user's sockets and every admin's. */
  toConversation<E extends ServerEventName>(conversationUserId: string, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void;
  /** Whether the user has at least one connected socket. */
  isConnected(userId: string): boolean;
}

const silent: ChatChannel = { toConversation: () => undefined, isConnected: () => false };
const channels = new WeakMap<AppContext, ChatChannel>();

export function setChatChannel(ctx: AppContext, channel: ChatChannel): void {
  channels.set(ctx, channel);
}

export function chatChannel(ctx: AppContext): ChatChannel {
  return channels.get(ctx) ?? silent;
}
