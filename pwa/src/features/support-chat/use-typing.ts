import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_EVENTS, TYPING_TIMEOUT_MS, TypingEventSchema } from '../../../../sync/schemas/chat';
import { useSyncRunner } from '../../local/sync-context';

/**
 * Who is typing where, from the socket: conversation id to the typing user's id. An entry goes away on
 * stopTyping or 3 seconds after the last typing event (product rules §9.5), whichever comes first.
 */
export function useTypingIn(me: string | null): ReadonlyMap<string, string> {
  const [typing, setTyping] = useState<ReadonlyMap<string, string>>(new Map());
  const { onRealtime } = useSyncRunner();
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const remove = (conversationId: string) => {
      clearTimeout(timers.get(conversationId));
      timers.delete(conversationId);
      setTyping((current) => {
        if (!current.has(conversationId)) return current;
        const next = new Map(current);
        next.delete(conversationId);
        return next;
      });
    };
    const stop = onRealtime(CHAT_EVENTS.typing, (payload) => {
      // Parsed all the same: what comes over the network is checked, whatever its declared type.
      const event = TypingEventSchema.safeParse(payload);
      if (!event.success || event.data.userId === me) return;
      const { conversationId, userId, isTyping } = event.data;
      if (!isTyping) {
        remove(conversationId);
        return;
      }
      clearTimeout(timers.get(conversationId));
      timers.set(
        conversationId,
        setTimeout(() => remove(conversationId), TYPING_TIMEOUT_MS),
      );
      setTyping((current) => new Map(current).set(conversationId, userId));
    });
    return () => {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [me, onRealtime]);
  return typing;
}

const REPEAT_MS = 2_000;
const IDLE_MS = 2_500;

/** Tells the other side this user is typing: at most every 2 seconds, and stops after a pause or a send. */
export function useTypingSignal(conversationId: string | null): { typed: () => void; stopped: () => void } {
  const signal = useRef<{ sentAt: number; idle: ReturnType<typeof setTimeout> | undefined }>({ sentAt: 0, idle: undefined });
  const { emitRealtime } = useSyncRunner();

  const stopped = useCallback(() => {
    clearTimeout(signal.current.idle);
    if (conversationId && signal.current.sentAt > 0) emitRealtime(CHAT_EVENTS.stopTyping, { conversationId });
    signal.current.sentAt = 0;
  }, [conversationId, emitRealtime]);

  const typed = useCallback(() => {
    if (!conversationId) return;
    if (Date.now() - signal.current.sentAt > REPEAT_MS) {
      emitRealtime(CHAT_EVENTS.typing, { conversationId });
      signal.current.sentAt = Date.now();
    }
    clearTimeout(signal.current.idle);
    signal.current.idle = setTimeout(stopped, IDLE_MS);
  }, [conversationId, emitRealtime, stopped]);

  useEffect(() => stopped, [stopped]);
  return { typed, stopped };
}
