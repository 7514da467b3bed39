import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RECENT_MESSAGES } from '../../../../sync/constants';
import type { Message } from '../../../../sync/schemas/chat';
import type { ChatItem } from '../../local/chat-thread';
import { syncToken } from '../../local/token';
import { messageOf } from '../../lib/api-error';
import { listMessagesBefore } from './guest-api';

/** Older messages asked for at a time. */
const OLDER_PAGE = 50;

/** 'more': older ones may exist; 'start': the server said none are older than the first shown. */
type OlderStatus = 'more' | 'loading' | 'failed' | 'start';

export type OlderMessages = {
  /** The thread as shown: older messages held in memory, then the device's. */
  items: ChatItem[];
  /** The device holds RECENT_MESSAGES or more, so it may not hold the whole conversation. */
  offered: boolean;
  status: OlderStatus;
  /** Why the last load failed. */
  error: string | null;
  load: () => void;
};

type Memory = { kept: ChatItem[]; status: OlderStatus; error: string | null };

const FRESH: Memory = { kept: [], status: 'more', error: null };

const fromServer = (message: Message): ChatItem => ({ ...message, blob: null, state: 'sent', error: null });

/**
 * Adds the device's synced messages (oldest first) to what is kept, so a message the device drops (it keeps
 * only the newest RECENT_MESSAGES) stays on screen. When the device's oldest was never kept, more arrived
 * at once than the device keeps: what was kept is let go rather than shown with a gap before the rest.
 */
function keepHeld(memory: Memory, held: ChatItem[]): Memory {
  const oldest = held[0];
  if (!oldest) return memory;
  const kept = new Set(memory.kept.map((item) => item._id));
  if (memory.kept.length > 0 && !kept.has(oldest._id)) return { ...FRESH, kept: held };
  const added = held.filter((item) => !kept.has(item._id));
  return added.length === 0 ? memory : { ...memory, kept: [...memory.kept, ...added] };
}

/**
 * A conversation's thread with its older messages loaded from the server on demand. They live in memory
 * for as long as the thread is open, never in the device's store, which stays bounded. The caller remounts
 * this per conversation.
 */
export function useOlderMessages(conversationId: string, items: ChatItem[]): OlderMessages {
  const [memory, setMemory] = useState(FRESH);
  const held = useMemo(() => items.filter((item) => item.state === 'sent'), [items]);
  const loading = useRef(false);

  useEffect(() => setMemory((current) => keepHeld(current, held)), [held]);

  // Kept as the device's list is this render, before the effect above stores it.
  const shown = keepHeld(memory, held);
  const onDevice = new Set(items.map((item) => item._id));
  const thread = [...shown.kept.filter((item) => !onDevice.has(item._id)), ...items];
  const first = thread.find((item) => item.state === 'sent');
  const firstId = first?._id;
  const before = first?.createdAt;

  const load = useCallback(() => {
    if (loading.current || !firstId || !before) return;
    loading.current = true;
    setMemory((current) => ({ ...current, status: 'loading', error: null }));
    listMessagesBefore(conversationId, before, OLDER_PAGE, syncToken())
      .then(
        (page) =>
          setMemory((current) => {
            // The kept messages were let go while this page loaded: it would sit before a gap.
            if (current.kept[0]?._id !== firstId) return { ...current, status: 'more' };
            const kept = new Set(current.kept.map((item) => item._id));
            const older = page.messages.filter((message) => !kept.has(message._id)).map(fromServer);
            return { kept: [...older, ...current.kept], status: page.hasMore ? 'more' : 'start', error: null };
          }),
        (error: unknown) => setMemory((current) => ({ ...current, status: 'failed', error: messageOf(error) })),
      )
      .finally(() => {
        loading.current = false;
      });
  }, [conversationId, firstId, before]);

  return { items: thread, offered: held.length >= RECENT_MESSAGES, status: shown.status, error: shown.error, load };
}
