import type { Message, MessagesReadEvent, TypingEvent } from './schemas/chat';

/** Client to server: the chat's ephemeral signals, each about one conversation (parsed again on the server). */
export type ConversationSignal = { conversationId: string };

/**
 * Every socket.io event the server sends, with its payload. The server's `Server<...>` and the PWA's
 * `Socket<...>` are typed from these two maps, and the PWA handles each of them.
 */
export type ServerToClientEvents = {
  /** Something the user may see changed: pull now. Content-free. */
  poke: () => void;
  /** A chat message as stored, to its conversation's user and the admins. */
  message: (message: Message) => void;
  /** Someone else in the conversation is typing (or stopped). */
  typing: (event: TypingEvent) => void;
  /** `userId` read the conversation: the other side's messages up to now are read. */
  messagesRead: (event: MessagesReadEvent) => void;
  /** The server is shutting down; the transport closes next and the client reconnects by itself. */
  'server-restart': (event: { reconnect: true }) => void;
};

export type ClientToServerEvents = {
  typing: (signal: ConversationSignal) => void;
  stopTyping: (signal: ConversationSignal) => void;
  markAsRead: (signal: ConversationSignal) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ClientEventName = keyof ClientToServerEvents;
