/** NOTE: CHAT_BENCH_CONVERSATIONS and CHAT_BENCH_SEND_EVERY_MS change the load for exploring; the target is for the defaults. */
export const CONVERSATIONS = Number(process.env.CHAT_BENCH_CONVERSATIONS ?? 250);
/** Two devices per conversation: the traveller's phone and laptop, both in the conversation. */
export const DEVICES_PER_CONVERSATION = 2;
export const SEND_EVERY_MS = Number(process.env.CHAT_BENCH_SEND_EVERY_MS ?? 1_000);
