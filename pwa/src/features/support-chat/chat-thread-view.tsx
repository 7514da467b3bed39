import { Fragment, useEffect, useRef } from 'react';
import { DeliveryNote } from '../../components/sync-status/delivery-note';
import type { ChatItem } from '../../local/chat-thread';
import { dayLabel } from './chat-format';
import { MessageBubble } from './message-bubble';
import { OlderMessagesTop } from './older-messages';
import { useKeptPlace } from './use-kept-place';
import { useOlderMessages } from './use-older-messages';

type ChatThreadViewProps = {
  conversationId: string;
  /** The conversation's messages on the device. */
  items: ChatItem[];
  isMine: (sender: string) => boolean;
  /** Who is typing on the other side, if anyone. */
  typingName: string | null;
  emptyText: string;
  onRetry: (item: ChatItem) => void;
};

/**
 * The messages with a separator per day (Today, Yesterday, DD/MM/YYYY), kept scrolled to the newest, and
 * older ones from the server above them on scroll. Keyed by the conversation id: the older ones are its own.
 */
export function ChatThreadView({ conversationId, items: held, isMine, typingName, emptyText, onRetry }: ChatThreadViewProps) {
  const thread = useRef<HTMLDivElement>(null);
  const older = useOlderMessages(conversationId, held);
  const { items } = older;
  const rememberPlace = useKeptPlace(thread);
  const last = items.at(-1);
  // 'Seen' goes under the newest own message the other side has read (live from `messagesRead`).
  const seenId = items.findLast((item) => isMine(item.sender) && item.readAt !== null)?._id;
  useEffect(() => {
    const element = thread.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last?._id, last?.state, typingName, seenId]);

  return (
    <div className="chat-thread" ref={thread} onScroll={rememberPlace} role="region" aria-label="Conversation" tabIndex={0}>
      {older.offered && <OlderMessagesTop older={older} />}
      {items.length === 0 && <p className="chat-empty">{emptyText}</p>}
      <ol className="chat-messages" aria-label="Messages" aria-live="polite">
        {items.map((item, index) => {
          const day = dayLabel(item.createdAt);
          const previous = items[index - 1];
          return (
            <Fragment key={item._id}>
              {(!previous || dayLabel(previous.createdAt) !== day) && (
                // A list holds only list items, so the separator sits inside one; it is named, as its text is not read out.
                <li className="chat-day">
                  <span role="separator" aria-label={day}>
                    {day}
                  </span>
                </li>
              )}
              <MessageBubble item={item} mine={isMine(item.sender)} seen={item._id === seenId} onRetry={onRetry} />
            </Fragment>
          );
        })}
      </ol>
      {items.some((item) => item.state === 'sending') && <DeliveryNote />}
      {typingName && (
        <p className="chat-typing" role="status">
          {typingName} is typing…
        </p>
      )}
    </div>
  );
}
