/** The tables a guest chat token syncs: its own conversations and messages, nothing else. */
export const CHAT_TABLES = new Set<string>(['conversations', 'messages']);
