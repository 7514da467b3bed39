import type { ChatItem } from '../../local/chat-thread';
import { timeOfDay } from './chat-format';
import { useImageSrc } from './use-image-src';

type MessageBubbleProps = { item: ChatItem; mine: boolean; seen: boolean; onRetry: (item: ChatItem) => void };

export function MessageBubble({ item, mine, seen, onRetry }: MessageBubbleProps) {
  const src = useImageSrc(item.image, item.blob);
  const hasImage = item.image !== null || item.blob !== null;
  return (
    <li className={mine ? 'chat-message chat-message--mine' : 'chat-message'} data-state={item.state}>
      <div className="chat-bubble">
        {hasImage &&
          (src ? <img className="chat-image" src={src} alt="Image sent in the chat" /> : <span className="chat-image chat-image--loading">Image</span>)}
        {item.content && <p className="chat-text">{item.content}</p>}
      </div>
      <p className="chat-meta">
        {item.state === 'sending' && <span className="chat-state">Sending</span>}
        {item.state === 'failed' && (
          <>
            <span className="chat-state chat-state--failed" title={item.error ?? undefined}>
              Failed
            </span>
            <button type="button" className="chat-retry" onClick={() => onRetry(item)}>
              Retry
            </button>
          </>
        )}
        {item.state === 'sent' && <time dateTime={item.createdAt}>{timeOfDay(item.createdAt)}</time>}
        {seen && <span className="chat-seen">Seen</span>}
      </p>
    </li>
  );
}
