import { Fragment, useEffect, useRef } from 'react';
import { DeliveryNote } from '../../components/sync-status/delivery-note';
import type { ChatItem } from '../../local/chat-thread';
import { dayLabel } from './chat-format';
import { MessageBubble } from './message-bubble';

type ChatThreadViewProps = {
  items: ChatItem[];
  isMine: (sender: string) => boolean;
  /** Who is typing on the other side, if anyone. */
  typingName: string | null;
  emptyText: string;
  onRetry: (item: ChatItem) => void;
};

/** The messages with a separator per day (Today, Yesterday, DD/MM/YYYY), kept scrolled to the newest. */
export function ChatThreadView({ items, isMine, typingName, emptyText, onRetry }: ChatThreadViewProps) {
  const thread = useRef<HTMLDivElement>(null);
  const last = items.at(-1);
  // 'Seen' goes under the newest own message the other side has read (live from `messagesRead`).
  const seenId = items.findLast((item) => isMine(item.sender) && item.readAt !== null)?._id;
  useEffect(() => {
    const element = thread.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last?._id, last?.state, typingName, seenId]);

  return (
    <div className="chat-thread" ref={thread}>
      {items.length === 0 && <p className="chat-empty">{emptyText}</p>}
      <ol className="chat-messages" aria-label="Messages" aria-live="polite">
        {items.map((item, index) => {
          const day = dayLabel(item.createdAt);
          const previous = items[index - 1];
          return (
            <Fragment key={item._id}>
              {(!previous || dayLabel(previous.createdAt) !== day) && (
                <li className="chat-day" role="separator">
                  {day}
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
