import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_CHARS } from '../../../../sync/schemas/chat';
import { PaperclipIcon } from './icons';

export type Draft = { content: string; image: Blob | null };
export const EMPTY_DRAFT: Draft = { content: '', image: null };

type ComposerProps = {
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onSend: () => void;
  onTyping: () => void;
};

function ImagePreview({ image, onRemove }: { image: Blob; onRemove: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(image);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return (
    <div className="chat-attachment">
      {src && <img src={src} alt="Image to send" />}
      <button type="button" className="chat-attachment-remove" aria-label="Remove image" onClick={onRemove}>
        ×
      </button>
    </div>
  );
}

/** Text and an optional image; Enter sends, Shift+Enter starts a new line. Nothing is sent without one of the two. */
export function Composer({ draft, onDraft, onSend, onTyping }: ComposerProps) {
  const canSend = draft.content.trim().length > 0 || draft.image !== null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };
  return (
    <form className="chat-composer" onSubmit={submit}>
      {draft.image && <ImagePreview image={draft.image} onRemove={() => onDraft({ ...draft, image: null })} />}
      <div className="chat-composer-row">
        <label className="chat-attach" title="Attach an image">
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            aria-label="Attach an image"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onDraft({ ...draft, image: file });
            }}
          />
          <PaperclipIcon />
        </label>
        <textarea
          className="chat-input"
          aria-label="Message"
          placeholder="Write a message…"
          rows={1}
          maxLength={MESSAGE_MAX_CHARS}
          value={draft.content}
          onChange={(event) => {
            onDraft({ ...draft, content: event.target.value });
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button chat-send" disabled={!canSend}>
          Send
        </button>
      </div>
    </form>
  );
}
